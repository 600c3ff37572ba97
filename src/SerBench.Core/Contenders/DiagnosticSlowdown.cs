using System.Diagnostics;
using System.Globalization;

namespace SerBench.Core.Contenders;

/// <summary>
/// Slows named contenders by a known factor (<c>SERBENCH_DIAGNOSTIC_SLOWDOWN=stj-sourcegen-utf8=1.5</c>, with
/// <see cref="ContenderRegistry.DiagnosticsVariable"/>=1) to prove <c>compare</c> catches it: it spins on the CPU (a sleep
/// would not show on a CPU-time clock) and allocates nothing, so only the time test can; use it on cells of 1 µs or more.
/// <c>name=3@1</c> slows only the contender's first measuring process: one bad process, to show it changes no verdict.
/// </summary>
internal static class DiagnosticSlowdown
{
    public const string Variable = "SERBENCH_DIAGNOSTIC_SLOWDOWN";

    /// <summary>This process's number among its contender's measuring processes (set from the request); 0 outside one.</summary>
    public static int Process { get; set; }

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
            if (parts.Length != 2 || !string.Equals(parts[0].Trim(), contender, StringComparison.OrdinalIgnoreCase))
            {
                continue;
            }

            var (factorText, only) = parts[1].Split('@') is [var f, var n] ? (f, n) : (parts[1], null);
            var inThisProcess = only is null || (int.TryParse(only, NumberStyles.None, CultureInfo.InvariantCulture, out var process) && process == Process);
            if (inThisProcess && double.TryParse(factorText, NumberStyles.Float, CultureInfo.InvariantCulture, out var factor) && factor >= 1)
            {
                return factor;
            }
        }

        return null;
    }

    private sealed class SlowedCodec<T>(Codec<T> inner, double factor) : Codec<T, object> where T : class
    {
        public override object Serialize(T value)
        {
            var started = Stopwatch.GetTimestamp();
            var result = inner.SerializeUntyped(value);
            SpinFor(started);
            return result;
        }

        public override T Deserialize(object payload)
        {
            var started = Stopwatch.GetTimestamp();
            var result = inner.DeserializeUntyped(payload);
            SpinFor(started);
            return result;
        }

        private void SpinFor(long started)
        {
            var finished = Stopwatch.GetTimestamp();
            var until = finished + (long)((finished - started) * (factor - 1));
            while (Stopwatch.GetTimestamp() < until)
            {
            }
        }
    }
}
