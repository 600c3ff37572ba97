using SerBench.Core.Contenders;
using SerBench.Core.Payloads;
using SerBench.Core.Studies;
using SerBench.Core.Verification;

namespace SerBench.Tests.Core.Verification;

public sealed class ThreadsCaseTests
{
    private static Workload Threads(int count) => new(PayloadRegistry.Person, Shape.Threads, count, [Operation.Serialize, Operation.Deserialize]);

    [Fact]
    public void AThreadsCase_IsGatedOnOneObject_AndTimesOneCallPerThread()
    {
        var one = Verifier.Prepare(ContenderRegistry.Find("stj-sourcegen-utf8")!, JsonConventions.Web, Threads(1));
        using var three = Verifier.Prepare(ContenderRegistry.Find("stj-sourcegen-utf8")!, JsonConventions.Web, Threads(3));

        Assert.Equal(VerificationStatus.Ok, three.OutcomeFor(Operation.Serialize).Status);
        // Every thread writes the same Person: three payloads' bytes, as a many case counts its N.
        Assert.Equal(3 * one.PayloadBytes, three.PayloadBytes);
        var body = three.CreateBody(Operation.Deserialize);
        Assert.IsType<Person>(body());
        Assert.InRange(three.CallsPerBody(Operation.Deserialize), 1, 1_000_000);
        Assert.Null(three.CheckAgain(Operation.Deserialize).Change);
        one.Dispose();
    }

    [Theory]
    [InlineData("stj-handwritten")]
    [InlineData("cbor")]
    public void ACodecThatReusesABuffer_IsUnsupportedOnThreads_AndStillRunsOnOne(string name)
    {
        var contender = ContenderRegistry.Find(name)!;

        var threads = Verifier.Prepare(contender, JsonConventions.Web, Threads(2));
        var single = Verifier.Prepare(contender, JsonConventions.Web, new Workload(PayloadRegistry.Person, Shape.Object, 1, [Operation.Serialize]));

        Assert.Equal(VerificationStatus.Unsupported, threads.OutcomeFor(Operation.Serialize).Status);
        Assert.Contains("cannot serve several threads at once", threads.OutcomeFor(Operation.Serialize).Reason, StringComparison.Ordinal);
        Assert.True(single.OutcomeFor(Operation.Serialize).IsTimed);
    }
}
