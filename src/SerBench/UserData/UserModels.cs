using System.Collections.Concurrent;
using System.Text.Json.Serialization;

namespace SerBench.UserData;

/// <summary>A model inferred from a data set and compiled into the measuring agent: its root type and its source-generated metadata.</summary>
public sealed record UserModel(string DataSetName, Type RootType, JsonSerializerContext Context);

/// <summary>
/// The models compiled into this process. The generated <c>model.cs</c> registers its root type from a module
/// initializer, so the agent that compiled it knows the type by its data set's name without scanning assemblies.
/// </summary>
public static class UserModels
{
    private static readonly ConcurrentDictionary<string, UserModel> Models = new(StringComparer.Ordinal);

    /// <summary>Called by generated code: <typeparamref name="TRoot"/> is the data set's root type (a class or a List of one).</summary>
    public static void Register<TRoot>(string dataSetName, JsonSerializerContext context) where TRoot : class =>
        Models[dataSetName] = new UserModel(dataSetName, typeof(TRoot), context);

    /// <summary>The model of a data set, or null when this process was not built with it.</summary>
    public static UserModel? Find(string dataSetName) => Models.GetValueOrDefault(dataSetName);
}
