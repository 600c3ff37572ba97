using SerBench.Core.Contenders;
using SerBench.Core.Payloads;
using SerBench.Core.Studies;
using SerBench.Core.Verification;

namespace SerBench.Tests.Core.Contenders;

public class BuiltInContendersTests
{
    public static TheoryData<string, string> StudyContenders()
    {
        var data = new TheoryData<string, string>();
        foreach (var study in StudyRegistry.All)
        {
            // Packs whose packages the package source does not serve run only in the agent (AgentBuildTests, docs/packages.md).
            foreach (var contender in study.Contenders.Where(RunsHere))
            {
                data.Add(study.Name, contender);
            }
        }

        return data;
    }

    /// <summary>
    /// Known, documented differences: (contender, payload) → the text the reason must contain. Everything else must be OK
    /// (or UNAVAILABLE with a reason). A new difference fails the test until it is understood and listed here.
    /// </summary>
    /// <remarks>None today: the last one was ServiceStack.Text's seven fractional digits, and SerBench no longer links it.</remarks>
    private static readonly Dictionary<(string Contender, string Payload), string> KnownDifferences = [];

    [Theory]
    [MemberData(nameof(StudyContenders))]
    public void EveryStudyContender_VerifiesOkOnItsStudy(string studyName, string contenderName)
    {
        var study = StudyRegistry.All.Single(s => s.Name == studyName);
        var contender = LivePacks.Find(contenderName);

        foreach (var workload in study.Workloads)
        {
            // Small N keeps the test fast; the shapes are the study's own.
            var prepared = Verifier.Prepare(contender, study.Conventions, workload with { Count = Math.Min(workload.Count, 25) });

            var context = $"{contenderName} on {workload.Payload.Name} {workload.Shape}: {prepared.Outcome.Label} {prepared.Outcome.Reason}";
            if (contender.UnavailableReason is not null)
            {
                Assert.True(prepared.Outcome.Status == VerificationStatus.Unavailable, context);
                Assert.Equal(contender.UnavailableReason, prepared.Outcome.Reason);
            }
            else if (KnownDifferences.TryGetValue((contenderName, workload.Payload.Name), out var difference))
            {
                Assert.True(prepared.Outcome.Status == VerificationStatus.Differs, context);
                Assert.Contains(difference, prepared.Outcome.Reason, StringComparison.Ordinal);
            }
            else
            {
                Assert.True(prepared.Outcome.Status == VerificationStatus.Ok, context);
            }
        }
    }

    public static TheoryData<string, string> ContendersByModel()
    {
        var data = new TheoryData<string, string>();
        foreach (var contender in LivePacks.All.Where(c => RunsHere(c.Name)))
        {
            foreach (var model in PayloadRegistry.All)
            {
                data.Add(contender.Name, model.Name);
            }
        }

        return data;
    }

    /// <summary>
    /// Every contender on every model, object and list: a contender may refuse a model (UNSUPPORTED, with a reason) or
    /// write another document (DIFFERS), but must never lose data or throw.
    /// </summary>
    [Theory]
    [MemberData(nameof(ContendersByModel))]
    public void EveryContender_OnEveryModel_NeverLosesDataOrCrashes(string contenderName, string modelName)
    {
        var contender = LivePacks.Find(contenderName);
        var model = PayloadRegistry.All.Single(m => m.Name == modelName);

        foreach (var shape in new[] { Shape.Object, Shape.List })
        {
            var prepared = Verifier.Prepare(contender, JsonConventions.Web, new Workload(model, shape, 10, [Operation.Serialize]));

            Assert.True(prepared.Outcome.Status is not (VerificationStatus.Mismatch or VerificationStatus.Crash),
                $"{contenderName} on {modelName} {shape}: {prepared.Outcome.Label} {prepared.Outcome.Reason}");
            Assert.True(prepared.Outcome.Status == VerificationStatus.Ok || prepared.Outcome.Reason is { Length: > 0 });
        }
    }

    [Fact]
    public void Registry_NamesAreUniqueAndKebabCase()
    {
        var names = ContenderRegistry.All.Select(c => c.Name).ToList();

        Assert.Equal(names.Count, names.Distinct().Count());
        Assert.All(names, n => Assert.Matches("^[a-z0-9]+(-[a-z0-9]+)*$", n));
    }

    private static bool RunsHere(string name) => ContenderRegistry.Find(name) is not SerBench.Core.Packs.PackContender || LivePacks.Contenders.Any(c => c.Name == name);

    [Fact]
    public void Studies_NameOnlyRegisteredContendersAndListTheirBaseline()
    {
        foreach (var study in StudyRegistry.All)
        {
            Assert.All(study.Contenders, n => Assert.NotNull(ContenderRegistry.Find(n)));
            Assert.Contains(study.Baseline, study.Contenders);
        }
    }
}
