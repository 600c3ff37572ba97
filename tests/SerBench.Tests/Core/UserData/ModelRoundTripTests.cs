using System.Text;
using System.Text.Json;
using SerBench.Core.UserData;
using SerBench.Core.Verification;

namespace SerBench.Tests.Core.UserData;

/// <summary>
/// Generated models compiled for real (Roslyn with the SDK's System.Text.Json source generator, as the agent's build
/// does), registered by their module initializer, and every document read into them and written back with the
/// source-generated metadata: no data may change, except where the model's notes say it will.
/// </summary>
public class ModelRoundTripTests
{
    private static readonly string[] EveryCase =
    [
        """
        {
          "id": 1, "total": 2, "big": 3000000000, "huge": 12345678901234567890, "zero": 0, "precise": 0.5,
          "first-name": "Ada", "first_name": "Ada", "1st": true, "class": "c", "名前": "名", "$id": "x", "": "empty", "ToString": "s",
          "System": 1, "List": 2, "JsonIgnoreCondition": 3, "DataMember": 4, "RootJsonContext": 5,
          "created": "2024-02-29T12:00:00.1234567+09:00", "escaped": "a\"b\\c\n\u2028\u00e9 😀",
          "billing": { "street": "Main", "zip": "1" }, "shipping": { "street": "Side", "zip": "2" },
          "matrix": [[1, 2.5], [], [-0.0]], "tags": [], "mixed": [1, "a", { "b": [true] }, [null], 1.5e300],
          "lines": [{ "sku": "A-1", "qty": 2, "note": "gift" }, { "sku": "B-2", "qty": 1, "options": { "color": "red" } }],
          "nothing": null, "maybe": null, "list": { "a": 1 }, "system": { "b": 2 },
          "options": { "o": 1 }, "default": { "d": 1 }, "string": { "s": 1 }, "listItems": [{ "l": 1 }], "items": [{ "i": 1 }], "rootPropInit": { "p": 1 }
        }
        """,
        """
        {
          "id": 2, "total": 2.75, "big": -1, "huge": -98765432109876543210, "zero": -0, "precise": 1.00000000000000001,
          "first-name": "Bob", "first_name": "Bob", "1st": false, "class": "d", "名前": "前", "$id": "y", "": "", "ToString": "t",
          "System": 6, "List": 7, "JsonIgnoreCondition": 8, "DataMember": 9, "RootJsonContext": 10,
          "created": "not a date", "escaped": "",
          "billing": { "street": "High", "zip": "3" }, "shipping": { "street": "Low", "zip": "4" },
          "matrix": [], "tags": [], "mixed": [],
          "lines": [],
          "nothing": null, "maybe": 7, "list": { "a": 2 }, "system": { "b": 3 },
          "options": { "o": 2 }, "default": { "d": 2 }, "string": { "s": 2 }, "listItems": [], "items": [], "rootPropInit": { "p": 2 }
        }
        """,
    ];

    [Fact]
    public void RoundTrip_EveryCase_CompilesWithoutWarnings_AndKeepsEveryValue()
    {
        var (model, documents) = Compile("round-trip-every-case", EveryCase);

        Assert.Equal("Root", model.RootType.Name);
        Assert.Empty(Infer("round-trip-every-case", EveryCase).Losses);
        foreach (var document in documents)
        {
            var change = RoundTrip(model, document);
            Assert.True(change is null || change.Kind == JsonChangeKind.Form, $"{document.Name}: {change}");
        }
    }

    [Fact]
    public void RoundTrip_RootArray_RegistersTheListType_AndKeepsEveryValue()
    {
        string[] texts = ["""[{"a":1,"b":[{"c":null}]},{"a":2,"d":"x"}]""", "[]"];

        var (model, documents) = Compile("round-trip-root-array", texts);

        Assert.Equal(typeof(List<>), model.RootType.GetGenericTypeDefinition());
        Assert.Equal("RootItem", model.RootType.GetGenericArguments()[0].Name);
        Assert.All(documents, document => Assert.Null(RoundTrip(model, document)));
    }

    [Fact]
    public void RoundTrip_DocumentsTheModelCannotHold_ChangeWhereTheLossesSay()
    {
        string[] texts = ["""{"a":null,"n":1,"d":1}""", """{"n":0.1234567890123456789012345678901234,"d":2}""", """{"a":"x","n":2,"d":3,"d":4}"""];

        var (model, documents) = Compile("round-trip-losses", texts);
        var losses = Infer("round-trip-losses", texts).Losses;

        Assert.Equal(["$.a", "$.d", "$.n"], losses.Select(loss => loss[..loss.IndexOf(':', StringComparison.Ordinal)]).Order());
        Assert.Equal(
            ["$.a: missing", "$.n: 0.1234567890123456789012345678901234 became 0.12345678901234568 (precision lost: more significant digits than a double holds; from the 17th significant digit on, 789012345678901234 became 800000000000000000)",
             "$.d: duplicate key written 2 times in the original, 1 in the output (kept the last value)"],
            documents.Select(document => RoundTrip(model, document) is { Kind: JsonChangeKind.Data } change ? change.ToString() : "no data change"));
    }

    private static InferredModel Infer(string name, string[] texts) => ModelInference.Infer(name, Documents(texts));

    private static List<JsonData> Documents(string[] texts) => [.. texts.Select((text, i) => new JsonData($"doc{i + 1}.json", Encoding.UTF8.GetBytes(text)))];

    /// <summary>Infers, writes and compiles the model of <paramref name="texts"/>; the model it registered, and the documents.</summary>
    private static (UserModel Model, List<JsonData> Documents) Compile(string name, string[] texts)
    {
        var documents = Documents(texts);
        var source = ModelSourceWriter.Write(ModelInference.Infer(name, documents), InferredDataModel.Namespace(name));

        var (assembly, problems) = ModelCompiler.Compile(source, name);

        Assert.True(problems.Count == 0, string.Join('\n', problems) + "\n\n" + source);
        Assert.NotNull(assembly);
        var model = UserModels.Find(name);
        Assert.NotNull(model);
        Assert.Same(assembly, (model.RootType.IsGenericType ? model.RootType.GetGenericArguments()[0] : model.RootType).Assembly);
        return (model, documents);
    }

    private static JsonChange? RoundTrip(UserModel model, JsonData document)
    {
        var value = JsonSerializer.Deserialize(document.Utf8, model.RootType, model.Context);
        var written = JsonSerializer.SerializeToUtf8Bytes(value, model.RootType, model.Context);
        return JsonTextComparer.FirstChange(document.Utf8, written);
    }
}
