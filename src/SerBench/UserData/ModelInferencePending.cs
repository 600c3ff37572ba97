namespace SerBench.UserData;

// Placeholder until model inference lands (a branch in progress): no data set gets a typed model yet, so run --data
// runs the document-model study only. Deleted when ModelInference.cs arrives.
#pragma warning disable SA1402, SA1649, CS1591
public sealed class InferredModel
{
    public IReadOnlyList<string> Notes { get; init; } = [];
}

public static class ModelInference
{
    public static InferredModel Infer(string dataSetName, IReadOnlyList<JsonData> documents) =>
        throw new NotSupportedException("typed models of your documents are not inferred yet");
}

public static class ModelSourceWriter
{
    public static string Write(InferredModel model, string @namespace) => "";
}
