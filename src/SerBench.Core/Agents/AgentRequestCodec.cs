using System.Diagnostics.CodeAnalysis;
using System.Globalization;
using System.Text;
using SerBench.Core.Contenders;
using SerBench.Core.Measurement;
using SerBench.Core.Payloads;
using SerBench.Core.Results;
using SerBench.Core.Running;
using SerBench.Core.Sizes;
using SerBench.Core.Studies;
using SerBench.Core.UserData;

namespace SerBench.Core.Agents;

/// <summary>
/// A line per field, key and values as <see cref="Files.TabFields"/>: a first-call child must not run System.Text.Json
/// before it times a first use (reading the request with it made STJ's first call 30–40% too cheap).
/// </summary>
internal static class AgentRequestCodec
{
    public const string FileName = "request.txt";

    private const string Header = "serbench-agent-request";
    private const int Version = 4;

    public static string Write(AgentRequest request)
    {
        var text = new StringBuilder();
        void Line(string key, params IEnumerable<string> values) =>
            text.Append(Files.TabFields.Line([key, .. values])).Append('\n');

        Line(Header, Number(Version));
        Line("mode", ModeName(request.Mode));
        Line("contender", request.Contender.Name);
        Line("runtime", request.Runtime.Name);
        Line("profile", request.Profile.Name, MeasurementClocks.Name(request.Profile.Clock), CompressionNames.Name(request.Profile.Compressions));
        Line("process", Number(request.Process));
        if (request.Passed)
        {
            Line("gate", "passed");
        }

        if (request.Calibrate)
        {
            Line("calibrate");
        }

        // A types check's types, above any study: what the child makes, not a study's.
        if (request.Types is { } checkedTypes)
        {
            Line("types", TypesValues(checkedTypes));
        }

        // Each study line, then its data and types, then its cases: a case belongs to the study line above it.
        foreach (var studyCases in request.Cases.GroupBy(c => c.Study))
        {
            var study = studyCases.Key;
            Line("study", study.Name);
            // A case of your documents: its name, its model, and each file with the fingerprint of what the parent checked.
            foreach (var set in study.DataSets)
            {
                Line("data", [set.Name, set.Model, .. set.Files.Zip(set.Fingerprints).SelectMany(f => new[] { f.First, f.Second })]);
            }

            if (study.UserTypes is { } types)
            {
                Line("types", TypesValues(types));
            }

            foreach (var planned in studyCases)
            {
                var workload = planned.Workload;
                Line("case", [workload.Payload.Name, CellText.Name(workload.Shape), Number(workload.Count), planned.Baseline, .. planned.Operations.Select(CellText.Name)]);
            }
        }

        foreach (var document in request.Documents)
        {
            Line("document", document);
        }

        foreach (var source in request.DocumentSources)
        {
            Line("document-source", source);
        }

        return text.ToString();
    }

    /// <summary><see cref="AgentRequestException"/> for anything <see cref="Write"/> did not write.</summary>
    public static AgentRequest Read(string text)
    {
        var lines = Files.TabFields.Lines(text).Select(fields => fields.ToList()).ToList();
        if (lines is not [[Header, var version], ..] || version != Number(Version))
        {
            throw new AgentRequestException($"not a SerBench agent request (version {Version}).");
        }

        string[]? One(string key)
        {
            var found = lines.Where(l => l[0] == key).ToList();
            return found.Count switch
            {
                0 => null,
                1 => [.. found[0].Skip(1)],
                _ => throw new AgentRequestException($"agent request: '{key}' is given {found.Count} times."),
            };
        }

        string[] Required(string key, int values) => One(key) is { } found && found.Length >= values ? found
            : throw new AgentRequestException($"agent request: '{key}' is missing or incomplete.");
        IEnumerable<string[]> All(string key) => lines.Where(l => l[0] == key).Select(l => l.Skip(1).ToArray());

        var known = new HashSet<string>(StringComparer.Ordinal) { Header, "mode", "contender", "runtime", "profile", "process", "gate", "calibrate", "study", "data", "types", "case", "document", "document-source" };
        if (lines.FirstOrDefault(l => !known.Contains(l[0])) is { } unknown)
        {
            throw new AgentRequestException($"agent request: unknown field '{unknown[0]}'.");
        }

        var modeName = Required("mode", 1)[0];
        var mode = Enum.GetValues<AgentMode>().Where(m => ModeName(m) == modeName).Select(m => (AgentMode?)m).FirstOrDefault()
                   ?? throw new AgentRequestException($"agent request: unknown mode '{modeName}'.");
        var contenderName = Required("contender", 1)[0];
        var contender = ContenderRegistry.Find(contenderName) ?? throw new AgentRequestException($"agent request: no contender '{contenderName}' in this process.");
        var runtimeName = Required("runtime", 1)[0];
        var runtime = RuntimeTarget.TryParse(runtimeName) ?? throw new AgentRequestException($"agent request: unknown runtime '{runtimeName}'.");
        var profileValues = Required("profile", 3);
        var profile = MeasurementProfile.All.FirstOrDefault(p => p.Name == profileValues[0]) ?? throw new AgentRequestException($"agent request: unknown profile '{profileValues[0]}'.");
        profile = profile with
        {
            Clock = MeasurementClocks.Parse(profileValues[1]) ?? throw new AgentRequestException($"agent request: unknown clock '{profileValues[1]}'."),
            Compressions = CompressionNames.TryParse(profileValues[2]) ?? throw new AgentRequestException($"agent request: unknown compressions '{profileValues[2]}'."),
        };

        var process = One("process") is [var processText] && int.TryParse(processText, NumberStyles.None, CultureInfo.InvariantCulture, out var p) && p > 0 ? p : 1;
        var cases = new List<PlannedCase>();
        foreach (var block in StudyBlocks(lines))
        {
            var studyName = block[0].Count == 2 ? block[0][1] : throw new AgentRequestException("agent request: 'study' takes one name.");
            var data = block.Where(l => l[0] == "data")
                .Select(l => l.Count >= 5 && l.Count % 2 == 1 ? DataSet.Reload(l[1], l[2], [.. l.Skip(3).Chunk(2).Select(f => (f[0], f[1]))])
                    : throw new AgentRequestException("agent request: 'data' takes a case name, a model, and each file with its fingerprint.")).ToList();
            var types = Types(block, $"study {studyName}'s");
            var study = FindStudy(studyName, data, types);
            foreach (var values in block.Where(l => l[0] == "case"))
            {
                cases.Add(Case(study, contender, runtime, [.. values.Skip(1)]));
            }
        }

        var checkedTypes = mode != AgentMode.Types ? null
            : Types([.. lines.TakeWhile(l => l[0] != "study")], "a types check's") ?? throw new AgentRequestException("agent request: a types check has no 'types' line above its studies.");
        if (cases.Count == 0 && checkedTypes is null && lines.Any(l => l[0] is "case" or "data" or "types"))
        {
            throw new AgentRequestException("agent request: a case, data or types line comes before any 'study' line.");
        }

        return new AgentRequest
        {
            Mode = mode,
            Contender = contender,
            Runtime = runtime,
            Profile = profile,
            Process = process,
            Passed = One("gate") is ["passed"],
            Calibrate = One("calibrate") is [],
            Cases = cases,
            Documents = [.. All("document").Select(v => v.Single())],
            DocumentSources = [.. All("document-source").Select(v => v.Single())],
            Types = checkedTypes,
        };
    }

    /// <summary>How a child finds the study of the cases it is sent, the user's included: <paramref name="dataSets"/> as the parent resolved them, their models compiled in.</summary>
    [UnconditionalSuppressMessage("Trimming", "IL2026", Justification = TypesStudy.UnderAot)]
    [UnconditionalSuppressMessage("AOT", "IL3050", Justification = TypesStudy.UnderAot)]
    private static Study FindStudy(string name, IReadOnlyList<DataSet> dataSets, UserTypesSource? types)
    {
        var compiled = dataSets.Select(s => s.Model).Distinct().ToDictionary(m => m, _ => InferredDataModel.Compiled, StringComparer.Ordinal);
        Study? data = dataSets.Count == 0 ? null : name == DataStudy.TypedName ? DataStudy.CreateTyped(dataSets, compiled) : DataStudy.Create(dataSets, compiled);
        IReadOnlyList<Study> dataStudies = [.. data is null ? [] : new[] { data }, .. types is null ? [] : new[] { TypesStudy.Create(types) }];
        return dataStudies.Concat(StudyRegistry.All).FirstOrDefault(s => s.Name == name)
               ?? throw new AgentRequestException($"agent request: no study '{name}' in this process.");
    }

    private static string[] TypesValues(UserTypesSource types) => [types.AssemblyPath, types.SamplePath ?? "", .. types.TypeNames];

    private static UserTypesSource? Types(List<List<string>> lines, string whose) => lines.Where(l => l[0] == "types").ToList() switch
    {
        [] => null,
        [[_, var assembly, var sample, .. var names]] => new UserTypesSource(assembly, names, sample.Length == 0 ? null : sample),
        _ => throw new AgentRequestException($"agent request: {whose} 'types' is given twice or incomplete."),
    };

    /// <summary>Each study line with the data, types and case lines below it, up to the next study line.</summary>
    private static List<List<List<string>>> StudyBlocks(List<List<string>> lines)
    {
        var blocks = new List<List<List<string>>>();
        foreach (var line in lines.Where(l => l[0] is "study" or "data" or "types" or "case"))
        {
            if (line[0] == "study")
            {
                blocks.Add([line]);
            }
            else if (blocks.Count > 0)
            {
                blocks[^1].Add(line);
            }
        }

        return blocks;
    }

    private static PlannedCase Case(Study study, Contender contender, RuntimeTarget runtime, string[] values)
    {
        if (values is not [var payloadName, var shapeName, var countText, var baseline, _, ..])
        {
            throw new AgentRequestException($"agent request: case '{string.Join(' ', values)}' is not payload, shape, count, baseline, operations.");
        }

        var payload = study.Workloads.Select(w => w.Payload).Concat(PayloadRegistry.All).FirstOrDefault(p => p.Name == payloadName)
                      ?? throw new AgentRequestException($"agent request: no payload '{payloadName}' in study {study.Name}.");
        var shape = CellText.ParseShape(shapeName);
        var count = int.TryParse(countText, NumberStyles.None, CultureInfo.InvariantCulture, out var n) ? n : throw new AgentRequestException($"agent request: '{countText}' is not a count.");
        IReadOnlyList<Operation> operations = [.. values.Skip(4).Select(CellText.ParseOperation)];
        return new PlannedCase(study, contender, new Workload(payload, shape, count, operations), operations, baseline) { Runtime = runtime };
    }

    private static string ModeName(AgentMode mode) => mode == AgentMode.FirstCall ? "first-call" : mode.ToString().ToLowerInvariant();

    private static string Number(int value) => value.ToString(CultureInfo.InvariantCulture);
}
