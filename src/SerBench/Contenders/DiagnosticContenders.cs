using System.Reflection;

namespace SerBench.Contenders;

/// <summary>
/// Contenders that misbehave on purpose, to prove that SerBench survives them. Selectable only when
/// <see cref="ContenderRegistry.DiagnosticsVariable"/> is set; see <see cref="ContenderRegistry.Selectable"/>.
/// </summary>
internal static class DiagnosticContenders
{
    public static IReadOnlyList<Contender> All { get; } = [new ProcessCrash()];

    /// <summary>
    /// Passes the correctness gate, then ends the whole process with <see cref="Environment.FailFast(string)"/> once it
    /// is being measured: what a stack overflow or invalid emitted IL does to a real serializer.
    /// </summary>
    private sealed class ProcessCrash() : Contender("diagnostic-process-crash", "SerBench diagnostics", PayloadFormat.Json, TextMode.Utf8, Generation.HandWritten,
        "kills its process while measured (fault-isolation check)")
    {
        private const int CallsBeforeCrash = 50;

        private static int s_calls;

        protected override Assembly LibraryAssembly => typeof(Contender).Assembly;

        public override bool NeedsProcessIsolation => true;

        public override Codec<T> CreateCodec<T>(JsonConventions conventions)
        {
            var inner = new SystemTextJsonReflectionUtf8().CreateCodec<T>(conventions);
            return new DelegateCodec<T, byte[]>(
                value =>
                {
                    if (Interlocked.Increment(ref s_calls) > CallsBeforeCrash)
                    {
                        Environment.FailFast("SerBench diagnostic: simulated fatal serializer error");
                    }

                    return (byte[])inner.SerializeUntyped(value);
                },
                payload => inner.DeserializeUntyped(payload));
        }
    }
}
