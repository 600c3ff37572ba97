using SerBench.Running;
using SerBench.Core.Contenders;
using SerBench.Core.Payloads;
using SerBench.Core.Studies;
using SerBench.Core.Verification;

namespace SerBench.Tests.Core.Verification;

public class VerifierTests
{
    private static readonly Workload SaveGameObject = new(PayloadRegistry.SaveGame, Shape.Object, 1, [Operation.Serialize]);

    [Fact]
    public void Prepare_ContenderThatDropsAField_IsMismatchWithThePath()
    {
        var prepared = Verifier.Prepare(FakeContenders.DropsField(), JsonConventions.Default, SaveGameObject);

        Assert.Equal(VerificationStatus.Mismatch, prepared.Outcome.Status);
        Assert.Contains("$.HighScore: expected 10000 but got 0", prepared.Outcome.Reason, StringComparison.Ordinal);
        Assert.False(prepared.Outcome.IsTimed);
    }

    [Fact]
    public void Prepare_ManyShape_NamesTheIndexOfTheFirstBadObject()
    {
        var prepared = Verifier.Prepare(FakeContenders.DropsField(), JsonConventions.Default, SaveGameObject with { Shape = Shape.Many, Count = 5 });

        Assert.Equal(VerificationStatus.Mismatch, prepared.Outcome.Status);
        Assert.Contains("$[0].HighScore", prepared.Outcome.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void Prepare_InputThatCannotBeBuilt_IsTheInputsProblem_NeverTheLibrarysCrash()
    {
        // As a user's constructor that throws, or a lone surrogate the model cannot read: no library was tried.
        var payload = new PayloadModel<SaveGame>("broken", "a value SerBench cannot build",
            (_, _) => throw new System.Reflection.TargetInvocationException(new InvalidOperationException("the user's constructor")));

        var prepared = Verifier.Prepare(FakeContenders.DropsField(), JsonConventions.Default, SaveGameObject with { Payload = payload });

        Assert.Equal(VerificationStatus.Unavailable, prepared.Outcome.Status);
        Assert.StartsWith("the input's problem, not the library's: SerBench could not build the value to serialize (TargetInvocationException", prepared.Outcome.Reason, StringComparison.Ordinal);
        Assert.Contains("innermost: InvalidOperationException: the user's constructor", prepared.Outcome.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void Prepare_ContenderThatThrows_IsCrashWithExceptionTypeAndMessage()
    {
        var prepared = Verifier.Prepare(FakeContenders.Throws(), JsonConventions.Default, SaveGameObject);

        Assert.Equal(VerificationStatus.Crash, prepared.Outcome.Status);
        Assert.Equal("serialize threw InvalidOperationException: boom <script>alert(1)</script>", prepared.Outcome.Reason);
    }

    [Fact]
    public void Prepare_ContenderThatWritesDatesDifferently_DiffersAndIsStillTimed()
    {
        var workload = new Workload(PayloadRegistry.Person, Shape.Object, 1, [Operation.Serialize]);

        var prepared = Verifier.Prepare(FakeContenders.WritesDatesDifferently(), JsonConventions.Web, workload);

        Assert.Equal(VerificationStatus.Differs, prepared.Outcome.Status);
        Assert.StartsWith("document differs from the reference: $.registered: expected \"", prepared.Outcome.Reason, StringComparison.Ordinal);
        Assert.True(prepared.Outcome.IsTimed);
        Assert.NotNull(prepared.CreateBody(Operation.Serialize)());
    }

    [Fact]
    public void Prepare_UnavailableContender_IsUnavailableWithItsReason()
    {
        var unity = ContenderRegistry.Find("unity-jsonutility")!;

        var prepared = Verifier.Prepare(unity, JsonConventions.Default, SaveGameObject);

        Assert.Equal(VerificationStatus.Unavailable, prepared.Outcome.Status);
        Assert.Contains("Unity player", prepared.Outcome.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void Prepare_DataContractJsonOnPositionalRecord_IsUnsupportedWithReason()
    {
        var prepared = Verifier.Prepare(ContenderRegistry.Find("datacontract-json")!, JsonConventions.Default,
            new Workload(PayloadRegistry.User, Shape.Object, 1, [Operation.Serialize]));

        Assert.Equal(VerificationStatus.Unsupported, prepared.Outcome.Status);
        Assert.Contains("parameterless constructor", prepared.Outcome.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void Prepare_DataContractJsonOnPerson_DiffersBecauseEnumsAreNumbers()
    {
        var prepared = Verifier.Prepare(ContenderRegistry.Find("datacontract-json")!, JsonConventions.Web,
            new Workload(PayloadRegistry.Person, Shape.Object, 1, [Operation.Serialize]));

        Assert.Equal(VerificationStatus.Differs, prepared.Outcome.Status);
        Assert.Contains("$.eyeColor", prepared.Outcome.Reason, StringComparison.Ordinal);
    }

    /// <summary>Issue 44 item 7: Jil's lists of 100 and 1,000 said NullReferenceException; the list of 1 had shown the real cause.</summary>
    [Fact]
    public void TypeSetupThatFailedInAnEarlierCell_IsRepeatedAsTheCauseOfTheLaterCellsOfTheProcess()
    {
        var contender = FakeContenders.TypeSetupFails("type-setup-fails");
        var plan = SerBench.Running.RunPlan.Create(new SerBench.Running.RunRequest
        {
            Studies = [StudyRegistry.All.Single(s => s.Name == "web-api")],
            Contenders = [contender],
            Operations = [Operation.Serialize],
        });

        var reasons = Gate.Verify(plan).Select(v => (v.Outcome.Status, v.Outcome.Reason)).ToList();

        Assert.True(reasons.Count >= 2);
        Assert.Equal((VerificationStatus.Crash, "serialize threw TypeInitializationException: The type initializer for 'WriterSetup' threw an exception. " +
                                                "(innermost: AmbiguousMatchException: Ambiguous match found for 'FromSeconds'.)"), reasons[0]);
        Assert.All(reasons.Skip(1), r => Assert.Equal((VerificationStatus.Crash, "its type setup failed in an earlier cell: AmbiguousMatchException: Ambiguous match found for 'FromSeconds'.; " +
                                                                                  "here serialize threw NullReferenceException: Object reference not set to an instance of an object."), r));
    }
}
