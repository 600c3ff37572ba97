namespace SerBench.Core.UserData;

/// <summary>The C# source of a data set's model, or the <paramref name="Reason"/> there is none.</summary>
internal sealed record InferredDataModel(string? Source, string? Reason, IReadOnlyList<string> Notes)
{
    public static InferredDataModel For(DataSet set)
    {
        try
        {
            var model = ModelInference.Infer(set.Name, set.Documents);
            var @namespace = Namespace(set.Name);
            return new InferredDataModel(ModelSourceWriter.Write(model, @namespace, @namespace[(@namespace.LastIndexOf('.') + 1)..] + "JsonContext"), null, model.Notes);
        }
        catch (NotSupportedException exception)
        {
            return new InferredDataModel(null, exception.Message, []);
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
