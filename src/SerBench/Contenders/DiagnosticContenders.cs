using System.Reflection;

namespace SerBench.Contenders;

/// <summary>
/// Contenders that misbehave on purpose, to prove that SerBench survives them. Selectable only when
/// <see cref="ContenderRegistry.DiagnosticsVariable"/> is set; see <see cref="ContenderRegistry.Selectable"/>.
/// </summary>
internal static class DiagnosticContenders
{
    public static IReadOnlyList<Contender> All { get; } =
    [
        new ProcessCrash("diagnostic-process-crash", callsBeforeCrash: 50, "kills its process while measured (fault-isolation check)"),
        new ProcessCrash("diagnostic-gate-crash", callsBeforeCrash: 0, "kills its process on its first call, in the correctness gate (fault-isolation check)"),
    ];

    /// <summary>
    /// Ends the whole process with <see cref="Environment.FailFast(string)"/> after a number of serialize calls: what a
    /// stack overflow or invalid emitted IL does to a real serializer. With 50 calls it passes the gate and dies while
    /// measured; with 0 it dies in the gate.
    /// </summary>
    private sealed class ProcessCrash(string name, int callsBeforeCrash, string note)
        : Contender(name, "SerBench diagnostics", PayloadFormat.Json, TextMode.Utf8, Generation.HandWritten, note)
    {
        private int _calls;

        protected override Assembly LibraryAssembly => typeof(Contender).Assembly;

        public override bool NeedsProcessIsolation => true;

        public override Codec<T> CreateCodec<T>(JsonConventions conventions)
        {
            var inner = new SystemTextJsonReflectionUtf8().CreateCodec<T>(conventions);
            return new DelegateCodec<T, byte[]>(
                value =>
                {
                    if (Interlocked.Increment(ref _calls) > callsBeforeCrash)
                    {
                        Environment.FailFast("SerBench diagnostic: simulated fatal serializer error");
                    }

                    return (byte[])inner.SerializeUntyped(value);
                },
                payload => inner.DeserializeUntyped(payload));
        }
    }
}
