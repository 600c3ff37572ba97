using System.Globalization;

namespace SerBench.Contenders;

/// <summary>
/// Makes named contenders slower by a known factor, to prove that <c>compare</c> catches a regression of that size:
/// <c>SERBENCH_DIAGNOSTIC_SLOWDOWN=stj-sourcegen-utf8=1.5</c> (comma-separated), honoured only with
/// <see cref="ContenderRegistry.DiagnosticsVariable"/> set to 1, and recorded among the run's knobs. A factor of 1.5 does
/// the library's work again on every other call, so the slowdown is the library's own work, not a sleep.
/// </summary>
internal static class DiagnosticSlowdown
{
    public const string Variable = "SERBENCH_DIAGNOSTIC_SLOWDOWN";

    public static Codec<T> Apply<T>(Contender contender, Codec<T> codec) where T : class =>
        FactorFor(contender.Name) is { } factor ? new SlowedCodec<T>(codec, factor) : codec;

    private static double? FactorFor(string contender)
    {
        if (Environment.GetEnvironmentVariable(ContenderRegistry.DiagnosticsVariable) != "1"
            || Environment.GetEnvironmentVariable(Variable) is not { Length: > 0 } setting)
        {
            return null;
        }

        foreach (var entry in setting.Split(','))
        {
            var parts = entry.Split('=');
            if (parts.Length == 2 && string.Equals(parts[0].Trim(), contender, StringComparison.OrdinalIgnoreCase)
                && double.TryParse(parts[1], NumberStyles.Float, CultureInfo.InvariantCulture, out var factor) && factor >= 1)
            {
                return factor;
            }
        }

        return null;
    }

    /// <summary>Repeats the inner operation often enough that, on average, each call does <c>factor</c> times the work.</summary>
    private sealed class SlowedCodec<T>(Codec<T> inner, double factor) : Codec<T, object> where T : class
    {
        private double _debt;

        public override object Serialize(T value)
        {
            for (var extra = Extra(); extra > 0; extra--)
            {
                GC.KeepAlive(inner.SerializeUntyped(value));
            }

            return inner.SerializeUntyped(value);
        }

        public override T Deserialize(object payload)
        {
            for (var extra = Extra(); extra > 0; extra--)
            {
                GC.KeepAlive(inner.DeserializeUntyped(payload));
            }

            return inner.DeserializeUntyped(payload);
        }

        private int Extra()
        {
            _debt += factor - 1;
            var extra = (int)_debt;
            _debt -= extra;
            return extra;
        }
    }
}
