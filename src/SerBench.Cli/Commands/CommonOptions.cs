using System.CommandLine;

namespace SerBench.Cli.Commands;

/// <summary>Options shared by verify and run.</summary>
internal sealed class CommonOptions
{
    public Option<string?> Study { get; } = new("--study") { Description = "Run one study: web-api, json-vs-binary, big-vs-many, escaping, shootout (default: all)." };

    public Option<string?> Contenders { get; } = new("--contenders") { Description = "Comma-separated contender names, replacing each study's list (see 'serbench list')." };

    public Option<string?> Payloads { get; } = new("--payloads") { Description = "Comma-separated payload models, replacing each study's model: person, user, office-worker, save-game." };

    public void AddTo(Command command)
    {
        command.Options.Add(Study);
        command.Options.Add(Contenders);
        command.Options.Add(Payloads);
    }
}
