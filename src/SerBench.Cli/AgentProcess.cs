using SerBench.Comparison;
using SerBench.Packs;
using SerBench.Results;
using SerBench.Running;

namespace SerBench.Cli;

/// <summary>What a child answered: the results it wrote (null when it died before writing any) and why it ended early.</summary>
internal sealed record AgentAnswer(ResultsDocument? Results, string? Failure, ChildOutcome Outcome);

/// <summary>
/// The parent side of <see cref="AgentRequest"/>: writes the request into a folder of its own, starts the child that can
/// run the request's contender (the pack agent, or SerBench itself), and reads back results.json.
/// </summary>
internal static class AgentProcess
{
    public static AgentAnswer Run(AgentRequest request, string directory, TimeSpan timeout, CancellationToken cancellation, bool inPackAgent, AgentBuild? agent)
    {
        Directory.CreateDirectory(directory);
        request.Write(directory);
        if (inPackAgent && agent?.AgentAssembly is null)
        {
            throw new InvalidOperationException("A pack contender was sent to a child without an agent build; its pack should have been UNAVAILABLE.");
        }

        // request.json stays in the folder for a reader; a first-call child gets the request as arguments instead, so that
        // nothing runs System.Text.Json before it times a first use (AgentRequest.ToArguments).
        IReadOnlyList<string> inline = request.Mode == AgentMode.FirstCall ? request.ToArguments() : [];
        var outcome = SelfProcess.Run([Commands.AgentCommand.Name, Path.Combine(directory, AgentRequest.FileName), .. inline], timeout, cancellation, inPackAgent ? agent : null);
        File.WriteAllText(Path.Combine(directory, "console.log"), outcome.Output + outcome.Error);
        return new AgentAnswer(Read(directory), outcome.Failure, outcome);
    }

    private static ResultsDocument? Read(string directory)
    {
        try
        {
            return ResultsFileReader.ReadDocument(Path.Combine(directory, "results.json"));
        }
        catch (ResultsFileException)
        {
            return null;
        }
    }
}
