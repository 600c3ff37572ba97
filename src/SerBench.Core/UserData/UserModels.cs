using System.Collections.Concurrent;
using System.Runtime.CompilerServices;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;

namespace SerBench.Core.UserData;

internal sealed record UserModel(string DataSetName, Type RootType, Lazy<JsonSerializerContext> LazyContext)
{
    public JsonSerializerContext Context => LazyContext.Value;
}

/// <summary>
/// The models compiled into this process, registered by a module initializer in the generated <c>model.cs</c>, so the
/// agent finds them without scanning assemblies.
/// </summary>
public static class UserModels
{
    private static readonly ConcurrentDictionary<string, UserModel> Models = new(StringComparer.Ordinal);

    // Which document each generated instance was read from, so the gate can compare a contender's output with it.
    private static readonly ConditionalWeakTable<object, byte[]> Originals = [];

    /// <summary>Called by generated code: <typeparamref name="TRoot"/> is the data set's root type (a class or a List of one).</summary>
    /// <remarks>The context is made on first use: made at start-up, it warmed System.Text.Json before every process's first call.</remarks>
    public static void Register<TRoot>(string dataSetName, Func<JsonSerializerContext> context) where TRoot : class =>
        Models[dataSetName] = new UserModel(dataSetName, typeof(TRoot), new Lazy<JsonSerializerContext>(context));

    internal static UserModel? Find(string dataSetName) => Models.GetValueOrDefault(dataSetName);

    internal static JsonTypeInfo? GeneratedTypeInfo(Type type) =>
        Models.Values.Select(m => m.Context.GetTypeInfo(type)).FirstOrDefault(info => info is not null);

    internal static void RememberOriginal(object instance, byte[] utf8) => Originals.AddOrUpdate(instance, utf8);

    internal static byte[]? OriginalOf(object instance) => Originals.TryGetValue(instance, out var utf8) ? utf8 : null;
}
