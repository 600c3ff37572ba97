using System.Text.Json.Nodes;
using SerBench.Core.Results;

namespace SerBench.Tests.Builders;

/// <summary>Results files on disk for reader and CLI tests: a valid one, or one edited as JSON to break it.</summary>
internal static class SampleFiles
{
    /// <summary><see cref="SampleResults.WebApiWithCrash"/> as results.json text.</summary>
    public static string ValidJson() => ResultsJson.ToJson(SampleResults.WebApiWithCrash());

    /// <summary>The valid file after <paramref name="edit"/> changed its JSON tree.</summary>
    public static string Edited(Action<JsonObject> edit)
    {
        var root = JsonNode.Parse(ValidJson())!.AsObject();
        edit(root);
        return root.ToJsonString();
    }

    /// <summary>The first cell of a document tree.</summary>
    public static JsonObject FirstCell(JsonObject root) => root["cells"]![0]!.AsObject();
}
