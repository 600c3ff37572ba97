namespace SerBench.Core.UserData;

/// <summary>The C# source of one document shape's model, or the <paramref name="Reason"/> there is none; <paramref name="Places"/> for checking <c>--map</c>.</summary>
internal sealed record InferredDataModel(string? Source, string? Reason, IReadOnlyList<string> Notes, IReadOnlyDictionary<string, string> Places)
{
    /// <summary>In a child process: the model was compiled into it, and the parent wrote its source.</summary>
    public static InferredDataModel Compiled { get; } = new("", null, [], new Dictionary<string, string>());

    /// <summary><paramref name="name"/>: the model's name (<see cref="DataSet.Model"/>), its namespace and registration.</summary>
    public static InferredDataModel For(string name, IReadOnlyList<JsonData> documents, MapChoices? choices = null)
    {
        try
        {
            var model = ModelInference.Infer(name, documents, choices);
            var @namespace = Namespace(name);
            return new InferredDataModel(ModelSourceWriter.Write(model, @namespace, @namespace[(@namespace.LastIndexOf('.') + 1)..] + "JsonContext"), null, model.Notes, model.Places);
        }
        catch (NotSupportedException exception)
        {
            return new InferredDataModel(null, exception.Message, [], new Dictionary<string, string>());
        }
    }

    /// <summary><c>orders-2024</c> → <c>SerBench.UserModels.Orders2024</c>.</summary>
    public static string Namespace(string dataSetName) => "SerBench.UserModels." + string.Concat(dataSetName.Split('-', StringSplitOptions.RemoveEmptyEntries)
        .Select((part, i) => (i == 0 && char.IsAsciiDigit(part[0]) ? "_" : "") + char.ToUpperInvariant(part[0]) + part[1..]));

    /// <summary>model.cs: each file-scoped namespace becomes a block, every using directive goes first.</summary>
    public static string Combine(IEnumerable<string> sources)
    {
        var all = sources.ToList();
        if (all.Count == 1)
        {
            return all[0];
        }

        var header = new List<string>();
        var bodies = new System.Text.StringBuilder();
        foreach (var source in all)
        {
            var lines = source.ReplaceLineEndings("\n").Split('\n');
            var at = Array.FindIndex(lines, l => l.StartsWith("namespace ", StringComparison.Ordinal) && l.TrimEnd().EndsWith(';'));
            header.AddRange(lines.Take(Math.Max(at, 0)).Where(l => l.Length > 0 && !header.Contains(l)));
            bodies.Append('\n').Append(at < 0 ? source : lines[at].TrimEnd()[..^1] + "\n{\n" + string.Join('\n', lines.Skip(at + 1)).TrimEnd() + "\n}\n");
        }

        return string.Join('\n', header) + "\n" + bodies;
    }
}
