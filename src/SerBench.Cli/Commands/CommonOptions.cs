using System.CommandLine;

namespace SerBench.Cli.Commands;

/// <summary>Options shared by verify and run.</summary>
internal sealed class CommonOptions
{
    public Option<string?> Study { get; } = new("--study") { Description = "Run one study: web-api, json-vs-binary, big-vs-many, escaping, shootout, or data with --data (default: all; with --data, data)." };

    public Option<string?> Contenders { get; } = new("--contenders") { Description = "Comma-separated contender names, replacing each study's list (see 'serbench list')." };

    public Option<string?> Payloads { get; } = new("--payloads") { Description = "Comma-separated payload models, replacing each study's model: person, user, office-worker, save-game." };

    public Option<string[]> Data { get; } = new("--data")
    {
        Description = "Your own JSON documents: a file, or a folder of *.json files; repeatable. Runs the 'data' study on them " +
                      "(document models and the token reader, with the gate on your documents) instead of the built-in studies.",
        Arity = ArgumentArity.OneOrMore,
        AllowMultipleArgumentsPerToken = false,
    };

    public void AddTo(Command command)
    {
        command.Options.Add(Data);
        command.Options.Add(Study);
        command.Options.Add(Contenders);
        command.Options.Add(Payloads);
    }
}
