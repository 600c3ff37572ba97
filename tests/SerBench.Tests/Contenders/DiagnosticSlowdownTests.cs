using SerBench.Contenders;

namespace SerBench.Tests.Contenders;

public sealed class DiagnosticSlowdownTests
{
    [Fact]
    public void OneAndAHalf_DoesTheLibrarysWorkOneAndAHalfTimes_OnlyWithDiagnosticsOn()
    {
        var contender = ContenderRegistry.Find("binary-utf8")!;
        var calls = 0;
        var counting = new DelegateCodec<string, byte[]>(value => { calls++; return [1]; }, _ => "x");

        Environment.SetEnvironmentVariable(DiagnosticSlowdown.Variable, "binary-utf8=1.5");
        try
        {
            Assert.Same(counting, DiagnosticSlowdown.Apply(contender, counting));

            Environment.SetEnvironmentVariable(ContenderRegistry.DiagnosticsVariable, "1");
            var slowed = DiagnosticSlowdown.Apply(contender, counting);
            for (var i = 0; i < 10; i++)
            {
                slowed.SerializeUntyped("value");
            }

            Assert.Equal(15, calls);
            Assert.Same(counting, DiagnosticSlowdown.Apply(ContenderRegistry.Find("binary-utf16")!, counting));
        }
        finally
        {
            Environment.SetEnvironmentVariable(DiagnosticSlowdown.Variable, null);
            Environment.SetEnvironmentVariable(ContenderRegistry.DiagnosticsVariable, null);
        }
    }
}
