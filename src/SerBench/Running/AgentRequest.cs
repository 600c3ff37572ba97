using System.Globalization;
using System.Text.Json;
using System.Text.Json.Serialization;
using SerBench.Measurement;

namespace SerBench.Running;

/// <summary>What a child process is asked to do.</summary>
public enum AgentMode
{
    /// <summary>Gate and measure the cases (one round); results.json gets the measured cells.</summary>
    Run,

    /// <summary>Gate only; results.json gets one cell per case with its status and payload size.</summary>
    Verify,

    /// <summary>Time the first codec creation, serialize and deserialize of the process; results.json gets one first-call sample.</summary>
    FirstCall,

    /// <summary>
    /// Put the documents named in <see cref="AgentRequest.Payloads"/> (built in, or from the files under <see cref="AgentRequest.Data"/>)
    /// through the one contender; conformance.json gets a cell per document, rewritten after each.
    /// </summary>
    Conformance,
}

/// <summary>One workload of a request: payload, shape and count.</summary>
public sealed record AgentCase(string Payload, string Shape, int Count);

/// <summary>
/// The one request every child process gets — SerBench itself for built-in contenders, the agent built from the packs for
/// pack contenders — for <c>run</c>, <c>verify</c> and <c>first-call</c> alike. It is written as <c>request.json</c> into
/// the child's folder; the child answers with <c>results.json</c> there, rewritten after every cell so that a child that
/// dies leaves what it finished.
/// </summary>
public sealed record AgentRequest
{
    public const string FileName = "request.json";

    public required AgentMode Mode { get; init; }

    public required string Study { get; init; }

    public required IReadOnlyList<string> Contenders { get; init; }

    public IReadOnlyList<string>? Payloads { get; init; }

    public IReadOnlyList<string>? Shapes { get; init; }

    public IReadOnlyList<int>? Sizes { get; init; }

    public IReadOnlyList<string>? Operations { get; init; }

    /// <summary>Exactly the workloads to run; the child plans the study as asked and keeps only these.</summary>
    public required IReadOnlyList<AgentCase> Cases { get; init; }

    // Settable, not init-only: source-generated metadata sets a missing init-only property to null, losing the default.
    public string Profile { get; set; } = "quick";

    /// <summary>What the child times iterations with (<c>cpu</c> or <c>wall</c>); null for the profile's default.</summary>
    public string? Clock { get; init; }

    /// <summary>The runtime the parent planned these cases for; the child refuses a request meant for another runtime.</summary>
    public string? Runtime { get; init; }

    /// <summary>For the study of the user's documents, the files and folders they come from (full paths, in the parent's order).</summary>
    public IReadOnlyList<string>? Data { get; init; }

    /// <summary>For the study of the user's compiled types, the assembly, type names and sample path (full paths).</summary>
    public UserData.UserTypesSource? Types { get; init; }


    /// <summary>The cases of one study and contender, as the parent planned them.</summary>
    public static AgentRequest For(AgentMode mode, IReadOnlyList<PlannedCase> cases, string profile, MeasurementClock? clock = null) => new()
    {
        Clock = clock is { } chosen ? MeasurementClocks.Name(chosen) : null,
        Mode = mode,
        Study = cases[0].Study.Name,
        Contenders = [.. cases.Select(c => c.Contender.Name).Distinct()],
        Payloads = [.. cases.Select(c => c.Workload.Payload.Name).Distinct()],
        Shapes = [.. cases.Select(c => RunRequest.ShapeName(c.Workload.Shape)).Distinct()],
        Sizes = cases.Any(c => c.Workload.Shape != SerBench.Payloads.Shape.Object)
            ? [.. cases.Where(c => c.Workload.Shape != SerBench.Payloads.Shape.Object).Select(c => c.Workload.Count).Distinct()]
            : null,
        Cases = [.. cases.Select(c => new AgentCase(c.Workload.Payload.Name, RunRequest.ShapeName(c.Workload.Shape), c.Workload.Count)).Distinct()],
        Operations = [.. cases.SelectMany(c => c.Operations).Distinct().Select(RunRequest.OperationName)],
        Profile = profile,
        Runtime = cases[0].Runtime.Name,
        Data = cases[0].Study.DataSources.Count > 0 ? cases[0].Study.DataSources : null,
        Types = cases[0].Study.UserTypes,
    };

    /// <summary>Conformance documents through one contender: the documents by name, the user's files they may come from.</summary>
    public static AgentRequest ForConformance(string contender, IReadOnlyList<string> documents, IReadOnlyList<string> data) => new()
    {
        Mode = AgentMode.Conformance,
        Study = "conformance",
        Contenders = [contender],
        Payloads = documents,
        Cases = [],
        Runtime = RuntimeTarget.Current.Name,
        Data = data.Count > 0 ? data : null,
    };

    /// <summary>The same request resolved like a command line (names checked against this process's registry).</summary>
    public RunRequest ToRunRequest()
    {
        var request = RunRequest.Parse(Study, string.Join(",", Contenders), Join(Payloads),
            Sizes is null ? null : string.Join(",", Sizes.Select(s => s.ToString(CultureInfo.InvariantCulture))), Join(Operations), Profile, Join(Shapes), dataPaths: Data, types: Types);
        if (Clock is null)
        {
            return request;
        }

        var clock = MeasurementClocks.Parse(Clock) ?? throw new UsageException($"an agent request names an unknown clock '{Clock}' (cpu or wall).");
        return request with { Profile = request.Profile.WithClock(clock) };
    }

    /// <summary>The requested cases of <paramref name="plan"/>, in its order.</summary>
    public IReadOnlyList<PlannedCase> Select(IReadOnlyList<PlannedCase> plan) =>
        [.. plan.Where(p => Cases.Contains(new AgentCase(p.Workload.Payload.Name, RunRequest.ShapeName(p.Workload.Shape), p.Workload.Count)))];

    private static string? Join(IReadOnlyList<string>? values) => values is null ? null : string.Join(",", values);

    /// <summary>
    /// The request as <c>key=value</c> command-line arguments (lists as repeated keys), for a child that must not run
    /// System.Text.Json before it measures: a first-call child that read request.json with it had already compiled much of
    /// the library's code, and timed STJ's first use 30–40% below a fresh process's (stj-reflection-string on Person:
    /// 42 ms instead of 60 ms; stj-sourcegen-utf8: 31 ms instead of 50 ms).
    /// </summary>
    public IReadOnlyList<string> ToArguments()
    {
        var arguments = new List<string>();
        void Add(string key, string? value)
        {
            if (value is not null)
            {
                arguments.Add(key + "=" + value);
            }
        }

        void AddAll(string key, IEnumerable<string>? values)
        {
            foreach (var value in values ?? [])
            {
                Add(key, value);
            }
        }

        Add("mode", ModeName(Mode));
        Add("study", Study);
        AddAll("contender", Contenders);
        AddAll("payload", Payloads);
        AddAll("shape", Shapes);
        AddAll("size", Sizes?.Select(s => s.ToString(CultureInfo.InvariantCulture)));
        AddAll("operation", Operations);
        AddAll("case", Cases.Select(c => string.Join("/", c.Payload, c.Shape, c.Count.ToString(CultureInfo.InvariantCulture))));
        Add("profile", Profile);
        Add("clock", Clock);
        Add("runtime", Runtime);
        AddAll("data", Data);
        Add("types-assembly", Types?.AssemblyPath);
        AddAll("types-name", Types?.TypeNames);
        Add("types-sample", Types?.SamplePath);
        return arguments;
    }

    /// <summary>Reads what <see cref="ToArguments"/> wrote; <see cref="UsageException"/> for anything else.</summary>
    public static AgentRequest FromArguments(IReadOnlyList<string> arguments)
    {
        var values = new Dictionary<string, List<string>>(StringComparer.Ordinal);
        foreach (var argument in arguments)
        {
            var split = argument.IndexOf('=', StringComparison.Ordinal);
            var key = split > 0 ? argument[..split] : throw new UsageException($"agent: '{argument}' is not a key=value request argument.");
            if (!KnownKeys.Contains(key))
            {
                throw new UsageException($"agent: unknown request argument '{key}' (known: {string.Join(", ", KnownKeys)}).");
            }

            (values.TryGetValue(key, out var list) ? list : values[key] = []).Add(argument[(split + 1)..]);
        }

        List<string>? All(string key) => values.GetValueOrDefault(key);
        string? One(string key) => All(key) is { } list ? list.Count == 1 ? list[0] : throw new UsageException($"agent: '{key}' is given {list.Count} times.") : null;
        string Required(string key) => One(key) ?? throw new UsageException($"agent: the request argument '{key}' is missing.");
        int Number(string text) => int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var n) ? n : throw new UsageException($"agent: '{text}' is not a count.");
        AgentCase Case(string text) => text.Split('/') is [var payload, var shape, var count] ? new AgentCase(payload, shape, Number(count))
            : throw new UsageException($"agent: case '{text}' is not payload/shape/count.");

        var modeName = Required("mode");
        var mode = Enum.GetValues<AgentMode>().Where(m => ModeName(m) == modeName).Select(m => (AgentMode?)m).FirstOrDefault()
                   ?? throw new UsageException($"agent: unknown mode '{modeName}'.");
        return new AgentRequest
        {
            Mode = mode,
            Study = Required("study"),
            Contenders = All("contender") ?? [],
            Payloads = All("payload"),
            Shapes = All("shape"),
            Sizes = All("size")?.Select(Number).ToList(),
            Operations = All("operation"),
            Cases = [.. (All("case") ?? []).Select(Case)],
            Profile = One("profile") ?? "quick",
            Clock = One("clock"),
            Runtime = One("runtime"),
            Data = All("data"),
            Types = One("types-assembly") is { } assembly ? new UserData.UserTypesSource(assembly, All("types-name") ?? [], One("types-sample")) : null,
        };
    }

    private static readonly string[] KnownKeys =
        ["mode", "study", "contender", "payload", "shape", "size", "operation", "case", "profile", "clock", "runtime", "data", "types-assembly", "types-name", "types-sample"];

    /// <summary>The mode as request.json spells it (kebab-case; not through System.Text.Json's naming policy, for the reason above).</summary>
    private static string ModeName(AgentMode mode) => mode switch
    {
        AgentMode.FirstCall => "first-call",
        _ => mode.ToString().ToLowerInvariant(),
    };

    public void Write(string directory) => File.WriteAllText(Path.Combine(directory, FileName), JsonSerializer.Serialize(this, (System.Text.Json.Serialization.Metadata.JsonTypeInfo<AgentRequest>)Json.Options.GetTypeInfo(typeof(AgentRequest))));

    /// <summary>Reads a request; <see cref="UsageException"/> when it is not one (the child is only ever started by SerBench).</summary>
    public static AgentRequest Read(string path)
    {
        try
        {
            return JsonSerializer.Deserialize(Files.InputFile.ReadAll(path, 64L * 1024 * 1024, "an agent request"), (System.Text.Json.Serialization.Metadata.JsonTypeInfo<AgentRequest>)Json.Options.GetTypeInfo(typeof(AgentRequest)))
                   ?? throw new UsageException($"{path}: an empty agent request.");
        }
        catch (Exception exception) when (exception is JsonException or IOException or UnauthorizedAccessException)
        {
            throw new UsageException($"{path}: not an agent request: {exception.Message}");
        }
    }

    /// <summary>
    /// The JSON options, in a class of their own so that only reading or writing request.json initializes them (and loads
    /// System.Text.Json), not <see cref="FromArguments"/>.
    /// </summary>
    private static class Json
    {
        // Source-generated metadata: a Native AOT agent reads this file too, and it has no reflection-based serialization.
        internal static readonly JsonSerializerOptions Options = new()
        {
            WriteIndented = true,
            PropertyNamingPolicy = JsonNamingPolicy.CamelCase,
            Converters = { new JsonStringEnumConverter<AgentMode>(JsonNamingPolicy.KebabCaseLower, allowIntegerValues: false) },
            UnmappedMemberHandling = JsonUnmappedMemberHandling.Disallow,
            TypeInfoResolver = AgentRequestJsonContext.Default,
        };
    }
}

[JsonSerializable(typeof(AgentRequest))]
internal sealed partial class AgentRequestJsonContext : JsonSerializerContext;
