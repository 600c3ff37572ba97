using SerBench.Core.Contenders;

namespace SerBench.Tests.Core.Contenders;

[Collection(SerialCollection.Name)]
public sealed class DiagnosticSlowdownTests
{
    [Fact]
    public void Three_SpinsTwiceTheCallsOwnTime_CallingTheLibraryOnce_OnlyWithDiagnosticsOn()
    {
        var contender = ContenderRegistry.Find("binary-utf8")!;
        var calls = 0;
        // The library call sleeps 20 ms: the slowed call must take at least 3 × 20 ms, spinning, not calling again.
        var counting = new DelegateCodec<string, byte[]>(value => { calls++; Thread.Sleep(20); return [1]; }, _ => "x");

        Environment.SetEnvironmentVariable(DiagnosticSlowdown.Variable, "binary-utf8=3");
        try
        {
            Assert.Same(counting, DiagnosticSlowdown.Apply(contender, counting));

            Environment.SetEnvironmentVariable(ContenderRegistry.DiagnosticsVariable, "1");
            var slowed = DiagnosticSlowdown.Apply(contender, counting);
            var watch = System.Diagnostics.Stopwatch.StartNew();
            slowed.SerializeUntyped("value");
            Assert.True(watch.Elapsed >= TimeSpan.FromMilliseconds(60), $"took {watch.Elapsed.TotalMilliseconds} ms");
            Assert.Equal(1, calls);
            Assert.Same(counting, DiagnosticSlowdown.Apply(ContenderRegistry.Find("binary-utf16")!, counting));
        }
        finally
        {
            Environment.SetEnvironmentVariable(DiagnosticSlowdown.Variable, null);
            Environment.SetEnvironmentVariable(ContenderRegistry.DiagnosticsVariable, null);
        }
    }

    [Fact]
    public void AtOne_SlowsOnlyTheContendersFirstMeasuringProcess()
    {
        var contender = ContenderRegistry.Find("binary-utf8")!;
        var codec = new DelegateCodec<string, byte[]>(_ => [1], _ => "x");
        Environment.SetEnvironmentVariable(DiagnosticSlowdown.Variable, "binary-utf8=3@1");
        Environment.SetEnvironmentVariable(ContenderRegistry.DiagnosticsVariable, "1");
        try
        {
            DiagnosticSlowdown.Process = 1;
            Assert.NotSame(codec, DiagnosticSlowdown.Apply(contender, codec));
            DiagnosticSlowdown.Process = 2;
            Assert.Same(codec, DiagnosticSlowdown.Apply(contender, codec));
        }
        finally
        {
            DiagnosticSlowdown.Process = 0;
            Environment.SetEnvironmentVariable(DiagnosticSlowdown.Variable, null);
            Environment.SetEnvironmentVariable(ContenderRegistry.DiagnosticsVariable, null);
        }
    }
}
