using System.Collections.Concurrent;
using System.Runtime.CompilerServices;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;

namespace SerBench.Core.UserData;

/// <summary>A model inferred from a data set and compiled into the measuring agent: its root type and its source-generated metadata.</summary>
internal sealed record UserModel(string DataSetName, Type RootType, JsonSerializerContext Context);

/// <summary>
/// The models compiled into this process. The generated <c>model.cs</c> registers its root type from a module
/// initializer, so the agent that compiled it knows the type by its data set's name without scanning assemblies.
/// Public: the generated model.cs calls it, and it may be compiled apart from the core.
/// </summary>
public static class UserModels
{
    private static readonly ConcurrentDictionary<string, UserModel> Models = new(StringComparer.Ordinal);

    // Which document each generated instance was read from, so the gate can compare a contender's output with it.
    private static readonly ConditionalWeakTable<object, byte[]> Originals = [];

    /// <summary>Called by generated code: <typeparamref name="TRoot"/> is the data set's root type (a class or a List of one).</summary>
    public static void Register<TRoot>(string dataSetName, JsonSerializerContext context) where TRoot : class =>
        Models[dataSetName] = new UserModel(dataSetName, typeof(TRoot), context);

    /// <summary>The model of a data set, or null when this process was not built with it.</summary>
    internal static UserModel? Find(string dataSetName) => Models.GetValueOrDefault(dataSetName);

    /// <summary>The source-generated metadata of <paramref name="type"/> from any registered model; null when none has it.</summary>
    internal static JsonTypeInfo? GeneratedTypeInfo(Type type) =>
        Models.Values.Select(m => m.Context.GetTypeInfo(type)).FirstOrDefault(info => info is not null);

    /// <summary>Records that <paramref name="instance"/> was read from <paramref name="utf8"/>.</summary>
    internal static void RememberOriginal(object instance, byte[] utf8) => Originals.AddOrUpdate(instance, utf8);

    /// <summary>The document an instance was read from, or null for an instance that did not come from the user's data.</summary>
    internal static byte[]? OriginalOf(object instance) => Originals.TryGetValue(instance, out var utf8) ? utf8 : null;
}
