using System.CommandLine;
using SerBench.Conformance;
using SerBench.Contenders;
using SerBench.FirstCall;
using SerBench.Measurement;
using SerBench.Results;
using SerBench.Running;

namespace SerBench.Cli.Commands;

/// <summary>
/// <c>serbench agent REQUEST.json</c> (hidden): the child side of <see cref="AgentRequest"/>. SerBench starts it — itself for
/// built-in contenders, the agent built from the packs for pack contenders — and reads the results.json it writes.
/// It renders no reports and isolates nothing further.
/// </summary>
internal static class AgentCommand
{
    public const string Name = "agent";

    public static Command Create(CliContext context)
    {
        var requestFile = new Argument<string>("request") { Description = "The request.json SerBench wrote for this child." };
        var inline = new Argument<string[]>("arguments")
        {
            Description = "The same request as key=value arguments, read instead of the file (a first-call child must not run System.Text.Json before it measures).",
            Arity = ArgumentArity.ZeroOrMore,
        };
        var command = new Command(Name, "Run one request from SerBench in this process (used by SerBench itself).") { requestFile, inline };
        command.Hidden = true;
        command.SetAction(parse =>
        {
            var path = Path.GetFullPath(parse.GetValue(requestFile)!);
            var request = parse.GetValue(inline) is { Length: > 0 } arguments ? AgentRequest.FromArguments(arguments) : AgentRequest.Read(path);
            var directory = Path.GetDirectoryName(path)!;
            if (request.Runtime is { } runtime && runtime != RuntimeTarget.Current.Name)
            {
                throw new UsageException($"{path}: the request is for {runtime}, but this process runs on {RuntimeTarget.Current.Name}.");
            }

            if (request.Mode == AgentMode.Conformance)
            {
                return Conformance(request, directory, context.CommandLine);
            }

            var runRequest = request.ToRunRequest();
            var plan = request.Select(RunPlan.Create(runRequest));
            if (plan.Count == 0)
            {
                throw new UsageException($"{path}: none of the requested cases is in study {request.Study}.");
            }

            var document = Runner.NewDocument(runRequest, plan, context.CommandLine, TimeProvider.System.GetLocalNow());
            return request.Mode switch
            {
                AgentMode.Run => Measure(context, runRequest, plan, document, directory),
                AgentMode.Verify => Verify(plan, document, directory),
                _ => FirstCall(plan, document, directory),
            };
        });
        return command;
    }

    private static int Measure(CliContext context, RunRequest request, IReadOnlyList<PlannedCase> plan, ResultsDocument document, string directory)
    {
        var store = ResultsStore.Create(directory, document);
        using var log = new StreamWriter(Path.Combine(directory, "benchmarkdotnet.log"));
        var measurer = new BenchmarkDotNetMeasurer(log, Path.Combine(directory, "benchmarkdotnet"));
        new ConsoleProgress(context.Console).Run(observer => new Runner(measurer, observer, TimeProvider.System).Run(plan, request.Profile, store, CancellationToken.None));
        return CliApp.ExitOk;
    }

    private static int Verify(IReadOnlyList<PlannedCase> plan, ResultsDocument document, string directory)
    {
        var store = ResultsStore.Create(directory, document);
        foreach (var (planned, verdict, payloadBytes) in Runner.Verify(plan))
        {
            // One cell per case carries its verdict; written one by one, so a case that kills the process leaves the others.
            store.Add(Runner.Describe(planned, planned.Operations[0], verdict) with { PayloadBytes = payloadBytes });
        }

        return CliApp.ExitOk;
    }

    /// <summary>The contender on the documents asked for, in order; conformance.json is saved after each, so a crash leaves the ones before it.</summary>
    private static int Conformance(AgentRequest request, string directory, string commandLine)
    {
        var contender = ContenderRegistry.Find(request.Contenders[0]) ?? throw new UsageException($"{request.Contenders[0]}: no such contender in this process.");
        var documents = ConformanceSuite.Load(request.Data ?? []).Select(request.Payloads);
        var cells = new List<ConformanceCell>();
        ConformanceReport Report() => new()
        {
            Tool = Runner.Tool,
            Command = commandLine,
            StartedAt = TimeProvider.System.GetLocalNow(),
            Documents = [.. documents.Select(d => d.Info)],
            Contenders = [new ContenderInfo(contender.Name, contender.Library, contender.LibraryVersion, contender.UnavailableReason)],
            Cells = cells,
        };

        var path = Path.Combine(directory, "conformance.json");
        Report().Save(path);
        ConformanceChecker.Run(contender, documents, cell =>
        {
            cells.Add(cell);
            Report().Save(path);
        });
        return CliApp.ExitOk;
    }

    private static int FirstCall(IReadOnlyList<PlannedCase> plan, ResultsDocument document, string directory)
    {
        var only = plan[0];
        var sample = FirstCallProbe.Measure(only.Contender, only.Study.Conventions, only.Workload.Payload);
        document.FirstCalls = [new FirstCallRecord(only.Contender.Name, only.Workload.Payload.Name, sample.CreateMicroseconds, sample.SerializeMicroseconds, sample.DeserializeMicroseconds)];
        ResultsStore.Create(directory, document);
        return CliApp.ExitOk;
    }
}
