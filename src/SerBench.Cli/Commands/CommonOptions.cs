using System.CommandLine;
using SerBench.Running;

namespace SerBench.Cli.Commands;

internal sealed class CommonOptions
{
    public PackOptions PackOptions { get; } = new();

    public Option<string?> Study { get; } = new("--study") { Description = "Run one study or a comma-separated list: web-api, json-vs-binary, big-vs-many, escaping, shootout (the default: these five); streams, threads (SerBench's own, only when named); data and data-typed with --data, types with --types (with --data, the default is data and data-typed)." };

    public Option<string?> Contenders { get; } = new("--contenders") { Description = "Comma-separated contender names, replacing each study's list (see 'serbench list')." };

    public Option<string?> Payloads { get; } = new("--payloads") { Description = "Comma-separated payload models, replacing each study's model: person, user, office-worker, save-game." };

    public Option<string[]> Data { get; } = new("--data")
    {
        Description = "Your own JSON documents: a file, or a folder of *.json files; repeatable. Runs the 'data' study on them " +
                      "(document models and the token reader, with the gate on your documents) instead of the built-in studies.",
        Arity = ArgumentArity.OneOrMore,
        AllowMultipleArgumentsPerToken = false,
    };

    public Option<string?> Cases { get; } = new("--cases")
    {
        Description = "With --data, how documents become cases: auto (each document its own case, but 10 or more documents of one shape in one folder are one case of N calls), " +
                      "document (each its own case) or shape (a folder's documents of one shape: one case of N calls).",
    };

    public Option<string[]> Maps { get; } = new("--map")
    {
        Description = "With --data, read the object at this JSON path as Dictionary<string, T> in the inferred model, e.g. --map '$.events'; repeatable.",
        Arity = ArgumentArity.OneOrMore,
        AllowMultipleArgumentsPerToken = false,
    };

    public Option<string[]> NoMaps { get; } = new("--no-map")
    {
        Description = "With --data, read the object at this JSON path as a class, though its keys look like data, e.g. --no-map '$.meta'; repeatable.",
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
        Cases = parse.GetValue(Cases),
        Maps = parse.GetValue(Maps) ?? [],
        NoMaps = parse.GetValue(NoMaps) ?? [],
        Types = parse.GetValue(Types),
        TypeNames = parse.GetValue(TypeNames) ?? [],
        Sample = parse.GetValue(Sample),
        Packs = parse.GetValue(PackOptions.Packs) ?? [],
    };

    public void AddTo(Command command)
    {
        command.Options.Add(Data);
        command.Options.Add(Cases);
        command.Options.Add(Maps);
        command.Options.Add(NoMaps);
        command.Options.Add(Types);
        command.Options.Add(TypeNames);
        command.Options.Add(Sample);
        command.Options.Add(Study);
        command.Options.Add(Contenders);
        command.Options.Add(Payloads);
        PackOptions.AddTo(command);
    }
}
