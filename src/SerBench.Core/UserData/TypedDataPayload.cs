using System.Diagnostics.CodeAnalysis;
using System.Globalization;
using System.Reflection;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using SerBench.Core.Payloads;

namespace SerBench.Core.UserData;

/// <summary>A data set as typed objects of its model, compiled into the agent; in SerBench itself, a stand-in that names the workload.</summary>
internal static class TypedDataPayload
{
    [UnconditionalSuppressMessage("AOT", "IL3050", Justification = "T is a model class: the shared code of reference-type instantiations serves it, and Typed is kept, named on its own type.")]
    public static PayloadModel Create(DataSet set)
    {
        if (UserModels.Find(set.Model) is not { } model)
        {
            return new PayloadModel<ModelOnlyInTheAgent>(set.Name, Description(set),
                (_, _) => throw new InvalidOperationException($"the model '{set.Model}' of '{set.Name}' is compiled into the measuring agent; this process does not have it"));
        }

        var typed = typeof(TypedDataPayload).GetMethod(nameof(Typed), BindingFlags.NonPublic | BindingFlags.Static)!.MakeGenericMethod(model.RootType);
        return (PayloadModel)typed.Invoke(null, [model, set])!;
    }

    private static string Description(DataSet set) =>
        string.Create(CultureInfo.InvariantCulture, $"{set.Documents.Count:N0} document(s) read into the model {set.Model}, inferred from the documents of their shape");

    private static PayloadModel<T> Typed<T>(UserModel model, DataSet set) where T : class
    {
        var info = (JsonTypeInfo<T>)model.Context.GetTypeInfo(typeof(T))!;
        return new PayloadModel<T>(set.Name, Description(set), (_, count) =>
        [
            .. Enumerable.Range(0, count).Select(i =>
            {
                var document = set.Documents[i % set.Documents.Count];
                var value = JsonSerializer.Deserialize(document.Utf8, info)
                            ?? throw new InvalidOperationException($"{document.Name} is null at its root; the model needs an object or an array");
                UserModels.RememberOriginal(value, document.Utf8);
                return value;
            }),
        ]) { Document = set.Documents[0].Utf8 };
    }

    internal sealed class ModelOnlyInTheAgent;
}
