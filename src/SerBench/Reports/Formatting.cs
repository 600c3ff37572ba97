using System.Globalization;

namespace SerBench.Reports;

/// <summary>Always in the invariant culture.</summary>
internal static class Formatting
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    /// <summary><c>gc: workstation, concurrent; globalization: ICU (default); …</c></summary>
    public static string Knobs(Core.Results.EnvironmentInfo environment) => environment.Knobs is { Count: > 0 } knobs
        ? string.Join("; ", knobs.Select(k => $"{k.Key}: {k.Value}"))
        : $"gc: {environment.GcMode}; tieredCompilation: {environment.TieredCompilation}; tieredPgo: {environment.TieredPgo} (other knobs not recorded by this version)";

    public static string Time(double? nanoseconds, (string Unit, double Divisor) unit) =>
        nanoseconds is { } ns ? (ns / unit.Divisor).ToString("N2", Invariant) + " " + unit.Unit : "—";

    public static string Bytes(long? bytes) => bytes switch
    {
        null => "—",
        < 1024 => bytes.Value.ToString("N0", Invariant) + " B",
        < 1024 * 1024 => (bytes.Value / 1024.0).ToString("N2", Invariant) + " KB",
        _ => (bytes.Value / 1024.0 / 1024.0).ToString("N2", Invariant) + " MB",
    };

    public static string ExactBytes(long? bytes) => bytes is { } b ? b.ToString("N0", Invariant) + " B" : "—";

    public static string Ratio(double? ratio) => ratio is { } r ? r.ToString("0.00", Invariant) : "—";

    public static string Collections(double? perThousand) => perThousand switch
    {
        null => "—",
        0 => "-",
        { } value => value.ToString("0.0000", Invariant),
    };

    public static string Number(double value, string format = "0.##") => value.ToString(format, Invariant);
}
