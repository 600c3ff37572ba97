using SerBench.Agents;
using SerBench.Core.Agents;
using SerBench.Core.Contenders;
using SerBench.Core.Running;
using SerBench.Core.Studies;
using SerBench.Core.Verification;
using SerBench.Running;

namespace SerBench.Tests.Agents;

/// <summary>The one crash fallback, with a fake child: a group that dies is retried case by case, and only the case that kills its process is CRASH.</summary>
public sealed class AgentCaseRunnerTests
{
    private static readonly IReadOnlyList<PlannedCase> Plan = RunPlan.Create(new RunRequest
    {
        Studies = [StudyRegistry.All.Single(s => s.Name == "web-api")],
        Contenders = [ContenderRegistry.Find("stj-reflection-string")!],
        Operations = [Operation.Serialize],
    });

    [Fact]
    public void AGroupThatDies_IsRetriedCaseByCase_AndOnlyTheDeadlyCaseIsCrash()
    {
        Assert.True(Plan.Count >= 2);
        var deadly = Plan[1];
        var child = new FakeChild(deadly);

        var isolated = new Isolated(Plan[0].Contender);
        var outcomes = VerifyRunner.Run(Plan.Select(p => p with { Contender = isolated }).ToList(), child);

        // The group, then each case it did not reach, alone: the first case's outcome is kept from the group.
        Assert.Equal(Plan.Count, child.Requests.Count);
        Assert.Equal(Plan.Count, child.Requests[0]);
        Assert.All(child.Requests.Skip(1), count => Assert.Equal(1, count));
        Assert.Equal(VerificationStatus.Crash, outcomes[1].Outcome.Status);
        Assert.Equal("the separate process verifying this contender ended before this cell: exit code 134: Stack overflow.", outcomes[1].Outcome.Reason);
        Assert.All(outcomes.Where((_, i) => i != 1), v => Assert.Equal(VerificationStatus.Ok, v.Outcome.Status));
    }

    /// <summary>Issue 44 item 11: a contender whose serialize never returned kept verify silent for its child's whole time limit.</summary>
    [Fact]
    public void EveryChild_IsAnnouncedBeforeItStarts_WithItsContenderCasesAndTimeLimit()
    {
        var lines = new List<string>();
        var isolated = new Isolated(Plan[0].Contender);

        VerifyRunner.Run(Plan.Select(p => p with { Contender = isolated }).ToList(), new FakeChild(Plan[1]), progress: lines.Add);

        var alone = $"verifying stj-reflection-string · web-api · {Plan[1].Workload.Payload.Name} {SerBench.Core.Results.CellText.Case(Plan[1].Workload.Shape, Plan[1].Workload.CellCount)}";
        Assert.Equal($"verifying stj-reflection-string · web-api · {Plan.Count} cases in a separate process (stopped as hung after 10 min)", lines[0]);
        Assert.Equal(alone + " in a separate process (stopped as hung after 10 min)", lines[1]);
        Assert.Equal(Plan.Count, lines.Count);
    }

    [Fact]
    public void VerifyTimeLimit_IsTheOneDocsGateStates()
    {
        var gate = File.ReadAllText(Repository.File("docs", "gate.md"));

        Assert.Contains($"A child still running after **{AgentRequest.VerifyTimeLimit.TotalMinutes:0} minutes** is stopped", gate.ReplaceLineEndings(" "), StringComparison.Ordinal);
    }

    /// <summary>Answers every case but <paramref name="deadly"/>, which kills the process after the cases before it.</summary>
    private sealed class FakeChild(PlannedCase deadly) : IAgentClient
    {
        public List<int> Requests { get; } = [];

        public AgentAnswer Send(AgentRequest request, CancellationToken cancellation)
        {
            Requests.Add(request.Cases.Count);
            var reply = new AgentReply();
            foreach (var planned in request.Cases)
            {
                if (planned.Workload == deadly.Workload)
                {
                    return new AgentAnswer(reply, "exit code 134: Stack overflow.");
                }

                reply.Rounds.Add(new CellRound(PlannedCells.Describe(planned, planned.Operations[0], GateOutcome.Ok)));
            }

            return new AgentAnswer(reply, null);
        }
    }

    /// <summary>A contender that must be verified in a child process.</summary>
    private sealed class Isolated(Contender inner) : Contender(inner.Name, inner.Library, inner.Format, inner.TextMode, inner.Generation)
    {
        public override bool NeedsProcessIsolation => true;

        protected override System.Reflection.Assembly? LibraryAssembly => typeof(System.Text.Json.JsonSerializer).Assembly;

        public override Codec<T> CreateCodec<T>(JsonConventions conventions) where T : class => inner.CreateCodec<T>(conventions);
    }
}
