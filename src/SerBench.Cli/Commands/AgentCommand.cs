using System.CommandLine;
using SerBench.Agents;
using SerBench.Running;

namespace SerBench.Cli.Commands;

/// <summary>
/// <c>serbench agent PATH/request.txt</c> (hidden): the child side of the agent protocol. SerBench starts it — itself for
/// built-in contenders, the agent built from the packs for pack contenders — and reads the reply.json it writes beside
/// the request. The work is <see cref="AgentHost"/>'s; this only reads the file and shows progress.
/// </summary>
internal static class AgentCommand
{
    public static Command Create(CliContext context)
    {
        var requestFile = new Argument<string>("request") { Description = "The request.txt SerBench wrote for this child." };
        var command = new Command(AgentClient.Command, "Run one request from SerBench in this process (used by SerBench itself).") { requestFile };
        command.Hidden = true;
        command.SetAction(parse =>
        {
            var path = Path.GetFullPath(parse.GetValue(requestFile)!);
            AgentRequest request;
            try
            {
                // Read without System.Text.Json: a first-call child must not run it before it times a first use.
                request = AgentRequestCodec.Read(System.Text.Encoding.UTF8.GetString(Files.InputFile.ReadAll(path, 64L * 1024 * 1024, "an agent request")));
            }
            catch (Exception exception) when (exception is IOException or UnauthorizedAccessException or UsageException)
            {
                throw new UsageException($"{path}: {exception.Message}");
            }

            var directory = Path.GetDirectoryName(path)!;
            if (request.Mode == AgentMode.Run)
            {
                new ConsoleProgress(context.Console).Run(observer => new AgentHost(directory, observer).Run(request));
            }
            else
            {
                new AgentHost(directory, NoProgress.Instance).Run(request);
            }

            return CliApp.ExitOk;
        });
        return command;
    }

    private sealed class NoProgress : IRunObserver
    {
        public static NoProgress Instance { get; } = new();

        public void CellStarting(RunProgress progress)
        {
        }

        public void CellFinished(Results.ResultCell cell, RunProgress progress)
        {
        }
    }
}
