using System.Globalization;
using SerBench.AgentBuilds;
using SerBench.Core.Agents;
using SerBench.Core.Contenders;
using SerBench.Core.Results;
using SerBench.Core.Running;
using SerBench.Results;

namespace SerBench.Agents;

/// <summary>Each request gets its own folder (request.txt, reply.json, console.log), kept; packs, models, runtimes and versions go to their agent.</summary>
internal sealed class AgentClient(string directory, StartChild start, AgentBuild? agent = null, IReadOnlyDictionary<RuntimeTarget, AgentBuild>? runtimeAgents = null,
    IReadOnlyDictionary<string, AgentBuild>? versionAgents = null)
    : IAgentClient
{
    private int _launched;

    /// <summary>The folders this client saw or made: one missing later was moved or deleted, not never made.</summary>
    private readonly HashSet<string> _made = Directory.Exists(directory) ? new(StringComparer.Ordinal) { directory } : new(StringComparer.Ordinal);

    public AgentAnswer Send(AgentRequest request, CancellationToken cancellation)
    {
        var folder = FolderFor(request);
        ChildFolders.Create(directory, folder, _made);
        var requestPath = Path.Combine(folder, AgentRequestCodec.FileName);
        Write(folder, requestPath, AgentRequestCodec.Write(request));
        var outcome = start([AgentProgram.Command, requestPath], request.Timeout, cancellation, ChildFor(request),
            request.Mode == AgentMode.Run ? Core.Measurement.MeasuringKnobs.ToSet() : []);
        // Checked again: a folder moved away while the child ran would make its missing reply look like its crash.
        ChildFolders.Check(directory, folder, requestPath);
        Write(folder, Path.Combine(folder, "console.log"), outcome.Output + outcome.Error);
        var reply = AgentReply.Read(folder);
        var failure = outcome.Failure ?? (reply is null ? "the process wrote no result: " + outcome.Error.Split('\n')[0] : null);
        return new AgentAnswer(reply, failure, outcome);
    }

    private void Write(string folder, string path, string text)
    {
        try
        {
            File.WriteAllText(path, text);
        }
        catch (DirectoryNotFoundException)
        {
            throw new OutputFolderChangedException($"'{folder}' was moved or deleted during the run");
        }
    }

    private string FolderFor(AgentRequest request)
    {
        var name = request.Mode switch
        {
            AgentMode.FirstCall => $"{request.Contender.Name}-{request.Cases[0].Workload.Payload.Name}",
            AgentMode.Types => "types",
            _ => request.Contender.Name,
        };
        var slug = (++_launched).ToString("000", CultureInfo.InvariantCulture) + "-" + OutputFolder.Slug(request.Runtime.IsCurrent ? name : $"{name}-{request.Runtime.Name}");
        return request.Mode switch
        {
            AgentMode.Run => Path.Combine(directory, "isolated", slug),
            AgentMode.FirstCall => Path.Combine(directory, "first-call", slug),
            _ => Path.Combine(directory, slug),
        };
    }

    private AgentBuild? ChildFor(AgentRequest request)
    {
        if (!request.Runtime.IsCurrent)
        {
            return runtimeAgents?.GetValueOrDefault(request.Runtime)
                   ?? throw new InvalidOperationException($"No agent was prepared for {request.Runtime.Name}; its cases should have been UNAVAILABLE.");
        }

        if (!request.NeedsAgent)
        {
            return null;
        }

        if (request.Contender is VersionedContender versioned)
        {
            return versionAgents?.GetValueOrDefault(versioned.Name) is { AgentAssembly: not null } built ? built
                : throw new InvalidOperationException($"No agent was built for {versioned.Name}; its cells should have been UNAVAILABLE.");
        }

        return agent?.AgentAssembly is not null ? agent
            : throw new InvalidOperationException("A pack contender was sent to a child without an agent build; its pack should have been UNAVAILABLE.");
    }
}
