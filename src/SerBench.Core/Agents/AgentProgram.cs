using SerBench.Core.Running;

namespace SerBench.Core.Agents;

/// <summary>The agent's <c>Main</c> and <c>serbench agent</c>; the agent compiles only the core, so no CLI edit changes its key.</summary>
internal static class AgentProgram
{
    public const string Command = "agent";

    // A class library ignores it; the agent, an executable of the core's sources, starts here.
    public static int Main(string[] args) => Run(args, Console.Out, Console.Error, Path.Combine(AppContext.BaseDirectory, "..", "payloads"));

    // snapshots: where a built agent keeps its data (Payloads.PayloadSnapshots); null in `serbench agent`, whose folder is the CLI's.
    public static int Run(IReadOnlyList<string> args, TextWriter output, TextWriter error, string? snapshots = null)
    {
        try
        {
            if (args is not [Command, var requestPath])
            {
                throw new AgentRequestException($"expected '{Command} PATH/{AgentRequestCodec.FileName}', got '{string.Join(' ', args)}'.");
            }

            var path = Path.GetFullPath(requestPath);
            var request = Read(path);
            // Progress lines only while measuring: other modes print nothing, as a first call must run no more code than it times.
            IRunObserver observer = request.Mode == AgentMode.Run ? new ProgressLines(output.WriteLine) : NoProgress.Instance;
            Payloads.PayloadSnapshots.Folder = request.Mode is AgentMode.Run or AgentMode.Verify or AgentMode.FirstCall ? snapshots : null;
            new AgentHost(Path.GetDirectoryName(path)!, observer).Run(request);
            return 0;
        }
        catch (Exception exception) when (exception is UsageException or AgentRequestException)
        {
            error.WriteLine("serbench: " + exception.Message);
            return 2;
        }
    }

    private static AgentRequest Read(string path)
    {
        try
        {
            // Read without System.Text.Json: a first-call child must not run it before it times a first use.
            return AgentRequestCodec.Read(System.Text.Encoding.UTF8.GetString(Files.InputFile.ReadAll(path, 64L * 1024 * 1024, "an agent request")));
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException or AgentRequestException)
        {
            throw new AgentRequestException($"{path}: {exception.Message}");
        }
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
