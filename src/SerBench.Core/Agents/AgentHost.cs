using System.Diagnostics.CodeAnalysis;
using SerBench.Core.Conformance;
using SerBench.Core.FirstCall;
using SerBench.Core.Measurement;
using SerBench.Core.Running;
using SerBench.Core.Verification;

namespace SerBench.Core.Agents;

/// <summary>
/// The child side: runs one <see cref="AgentRequest"/> and rewrites its <see cref="AgentReply"/> after every cell.
/// A null <paramref name="measurer"/> is BenchmarkDotNet, logging into <paramref name="directory"/>.
/// </summary>
internal sealed class AgentHost(string directory, IRunObserver observer, IMeasurer? measurer = null)
{
    public void Run(AgentRequest request, CancellationToken cancellation = default)
    {
        if (!request.Runtime.IsCurrent)
        {
            throw new AgentRequestException($"the request is for {request.Runtime.Name}, but this process runs on {RuntimeTarget.Current.Name}.");
        }

        var reply = new AgentReply();
        switch (request.Mode)
        {
            case AgentMode.Run:
                Measure(request, reply, cancellation);
                break;
            case AgentMode.Verify:
                Verify(request, reply);
                break;
            case AgentMode.FirstCall:
                FirstCall(request);
                break;
            case AgentMode.Types:
                CheckTypes(request.Types!, reply);
                break;
            default:
                Conformance(request, reply);
                break;
        }
    }

    private void Measure(AgentRequest request, AgentReply reply, CancellationToken cancellation)
    {
        Contenders.DiagnosticSlowdown.Process = request.Process;
        reply.Save(directory);
        using var log = measurer is null ? new StreamWriter(Path.Combine(directory, "benchmarkdotnet.log")) : null;
        var timer = measurer ?? new BenchmarkDotNetMeasurer(log!, Path.Combine(directory, "benchmarkdotnet"));
        var cases = new CaseMeasurer(timer);
        var total = request.Cases.Sum(c => c.Operations.Count);
        if (total == 0)
        {
            return;
        }

        observer.CellStarting(new RunProgress(0, total, PlannedCells.Label(request.Cases[0], request.Cases[0].Operations[0]), null));
        foreach (var round in cases.Measure(request.Cases, request.Profile, cancellation, request.Passed, request.Calibrate))
        {
            reply.Rounds.Add(round);
            reply.WarmUp ??= timer.LastWarmUp;
            reply.FastestCanaryNs = HostSpeed.Process.FastestNs < double.MaxValue ? HostSpeed.Process.FastestNs : null;
            reply.Save(directory);
            var (planned, operation) = (request.Cases.First(p => PlannedCells.Key(p, round.Described.Key.Operation) == round.Described.Key), round.Described.Key.Operation);
            observer.CellFinished(round.Row(request.Profile.TargetRelativeError), new RunProgress(reply.Rounds.Count, total, PlannedCells.Label(planned, operation), null));
        }

        if (cases.Calibration is { } calibration)
        {
            reply.Calibration = calibration;
            reply.Save(directory);
        }
    }

    // Saved one by one, so a case that kills the process leaves the others.
    private void Verify(AgentRequest request, AgentReply reply)
    {
        reply.Save(directory);
        foreach (var (planned, outcome, payloadBytes) in Gate.Verify(request.Cases))
        {
            reply.Rounds.Add(new CellRound(PlannedCells.Describe(planned, planned.Operations[0], outcome) with { PayloadBytes = payloadBytes }));
            reply.Save(directory);
        }
    }

    // Nothing before the probe may run System.Text.Json (the reply is written after it): it would time STJ warm.
    private void FirstCall(AgentRequest request)
    {
        var only = request.Cases[0];
        AgentReply.SaveFirstCall(directory, FirstCallProbe.Measure(only.Contender, only.Study.Conventions, only.Workload.Payload));
    }

    // Saved before each step, so a child that the user's code ends or hangs leaves that step named.
    [UnconditionalSuppressMessage("Trimming", "IL2026", Justification = UserData.TypesStudy.UnderAot)]
    [UnconditionalSuppressMessage("AOT", "IL3050", Justification = UserData.TypesStudy.UnderAot)]
    private void CheckTypes(UserData.UserTypesSource source, AgentReply reply)
    {
        foreach (var type in UserData.UserTypes.Load(source.AssemblyPath, source.TypeNames, source.SamplePath))
        {
            reply.Refused = UserData.UserTypes.Run(type, step =>
            {
                reply.Running = step;
                reply.Save(directory);
            });
            if (reply.Refused is not null)
            {
                break;
            }
        }

        reply.Running = null;
        reply.Save(directory);
    }

    // Saved after each document, so a crash leaves the ones before it.
    private void Conformance(AgentRequest request, AgentReply reply)
    {
        var contender = request.Contender;
        var documents = ConformanceSuite.Load(request.DocumentSources).Select(request.Documents);
        reply.Contender = new ContenderInfo(contender.Name, contender.Library, contender.LibraryVersion, contender.UnavailableReason);
        reply.Save(directory);
        ConformanceChecker.Run(contender, documents, cell =>
        {
            reply.Documents.Add(cell);
            reply.Save(directory);
        });
    }
}
