namespace SerBench.Core.UserData;

/// <summary>What model inference made of a data set: the C# source of its model, or why there is none, and what was decided on the way.</summary>
internal sealed record InferredDataModel(string? Source, string? Reason, IReadOnlyList<string> Notes)
{
    /// <summary>Infers the model of <paramref name="set"/> and writes it as C# in a namespace of its own.</summary>
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

    /// <summary><c>SerBench.UserModels.Orders2024</c> for the data set <c>orders-2024</c>: its name is ASCII letters, digits and hyphens.</summary>
    public static string Namespace(string dataSetName) => "SerBench.UserModels." + string.Concat(dataSetName.Split('-', StringSplitOptions.RemoveEmptyEntries)
        .Select((part, i) => (i == 0 && char.IsAsciiDigit(part[0]) ? "_" : "") + char.ToUpperInvariant(part[0]) + part[1..]));

    /// <summary>
    /// One C# file holding every data set's model (what <c>model.cs</c> holds): each file-scoped namespace becomes a block,
    /// the using directives of all of them go first.
    /// </summary>
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
