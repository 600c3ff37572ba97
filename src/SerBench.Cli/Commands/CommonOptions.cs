using System.CommandLine;
using SerBench.Running;

namespace SerBench.Cli.Commands;

internal sealed class CommonOptions
{
    public PackOptions PackOptions { get; } = new();

    public Option<string?> Study { get; } = new("--study") { Description = "Run one study or a comma-separated list: web-api, json-vs-binary, big-vs-many, escaping, shootout; data and data-typed with --data, types with --types (default: all; with --data, data and data-typed)." };

    public Option<string?> Contenders { get; } = new("--contenders") { Description = "Comma-separated contender names, replacing each study's list (see 'serbench list')." };

    public Option<string?> Payloads { get; } = new("--payloads") { Description = "Comma-separated payload models, replacing each study's model: person, user, office-worker, save-game." };

    public Option<string[]> Data { get; } = new("--data")
    {
        Description = "Your own JSON documents: a file, or a folder of *.json files; repeatable. Runs the 'data' study on them " +
                      "(document models and the token reader, with the gate on your documents) instead of the built-in studies.",
        Arity = ArgumentArity.OneOrMore,
        AllowMultipleArgumentsPerToken = false,
    };

    public Option<string?> Types { get; } = new("--types")
    {
        Description = "Your own compiled types: the path of a .NET assembly (its dependencies beside it). Runs the 'types' study on the classes named by --type.",
    };

    public Option<string[]> TypeNames { get; } = new("--type")
    {
        Description = "A class of the --types assembly, by full name (Namespace.TypeName); repeatable.",
        Arity = ArgumentArity.OneOrMore,
        AllowMultipleArgumentsPerToken = false,
    };

    public Option<string?> Sample { get; } = new("--sample")
    {
        Description = "JSON documents to fill the --type classes from (a file or a folder of *.json); without it, instances are generated.",
    };

    public RunOptions Read(ParseResult parse) => new()
    {
        Study = parse.GetValue(Study),
        Contenders = parse.GetValue(Contenders),
        Payloads = parse.GetValue(Payloads),
        Data = parse.GetValue(Data) ?? [],
        Types = parse.GetValue(Types),
        TypeNames = parse.GetValue(TypeNames) ?? [],
        Sample = parse.GetValue(Sample),
        Packs = parse.GetValue(PackOptions.Packs) ?? [],
    };

    public void AddTo(Command command)
    {
        command.Options.Add(Data);
        command.Options.Add(Types);
        command.Options.Add(TypeNames);
        command.Options.Add(Sample);
        command.Options.Add(Study);
        command.Options.Add(Contenders);
        command.Options.Add(Payloads);
        PackOptions.AddTo(command);
    }
}
