using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using SerBench.Core.Payloads;

namespace SerBench.Core.Contenders;

/// <summary>Maps <see cref="JsonConventions"/> onto System.Text.Json options and source-generated contexts.</summary>
internal static class SystemTextJsonSettings
{
    public static Assembly Assembly { get; } = typeof(JsonSerializer).Assembly;

    /// <summary>Callers keep the instance: building one per call is an anti-pattern, measured apart.</summary>
    [UnconditionalSuppressMessage("Trimming", "IL2026", Justification = Contender.ReadsModelsByReflection)]
    [UnconditionalSuppressMessage("AOT", "IL3050", Justification = Contender.ReadsModelsByReflection)]
    public static JsonSerializerOptions CreateOptions(JsonConventions conventions, JavaScriptEncoder? encoder = null)
    {
        // The Web conventions are exactly JsonSerializerDefaults.Web (which also reads numbers from strings); others are spelt out.
        var options = conventions == JsonConventions.Web
            ? new JsonSerializerOptions(JsonSerializerDefaults.Web)
            : new JsonSerializerOptions { PropertyNamingPolicy = conventions.CamelCase ? JsonNamingPolicy.CamelCase : null };
        options.PropertyNameCaseInsensitive = conventions.CaseInsensitiveReading;
        if (conventions.EnumsAsStrings)
        {
            options.Converters.Add(new JsonStringEnumConverter());
        }

        if (encoder is not null)
        {
            options.Encoder = encoder;
        }

        options.TypeInfoResolver = new DefaultJsonTypeInfoResolver();
        options.MakeReadOnly();
        return options;
    }

    public static JsonTypeInfo<T> GeneratedTypeInfo<T>(JsonConventions conventions)
    {
        // A model inferred from the user's documents brings its own context (names are fixed by attributes, so any conventions).
        if (UserData.UserModels.GeneratedTypeInfo(typeof(T)) is JsonTypeInfo<T> userModel)
        {
            return userModel;
        }

        JsonSerializerContext context = conventions == JsonConventions.Web ? WebJsonContext.Default
            : conventions == JsonConventions.Default ? DefaultJsonContext.Default
            : conventions == JsonConventions.CamelCaseOnly ? CamelCaseJsonContext.Default
            : throw new NotSupportedException($"No source-generated context is compiled for the '{conventions.Name}' conventions.");
        return context.GetTypeInfo(typeof(T)) as JsonTypeInfo<T>
            ?? throw new NotSupportedException($"SerBench's source-generated contexts hold its own models only, not {Display(typeof(T))}.");
    }

    /// <summary>JsonSerializer.SerializeAsync/DeserializeAsync over the stream: the path ASP.NET Core's System.Text.Json formatters take.</summary>
    public static StreamCodec<T> StreamCodec<T>(Func<Stream, T, Task> serialize, Func<Stream, ValueTask<T?>> deserialize) where T : class =>
        new DelegateStreamCodec<T>((stream, value) => new ValueTask(serialize(stream, value)), stream => AsyncCodec<T>.NotNull(deserialize(stream)));

#if NET10_0_OR_GREATER
    /// <summary>JsonSerializer.SerializeAsync/DeserializeAsync over a pipe: the path ASP.NET Core 10's System.Text.Json formatters take.</summary>
    public static PipeCodec<T> PipeCodec<T>(Func<System.IO.Pipelines.PipeWriter, T, Task> serialize, Func<System.IO.Pipelines.PipeReader, ValueTask<T?>> deserialize) where T : class =>
        new DelegatePipeCodec<T>((pipe, value) => new ValueTask(serialize(pipe, value)), pipe => AsyncCodec<T>.NotNull(deserialize(pipe)));
#endif

    /// <summary>Why a UTF-16 string contender has no stream cells: the library's stream path is UTF-8, measured once under the UTF-8 contender's name.</summary>
    public static string StreamIsUtf8(string utf8Contender) => $"a string contender; System.Text.Json streams UTF-8, measured as {utf8Contender}'s stream and pipe cells";

    private static string Display(Type type) => type.IsGenericType
        ? $"{type.Name[..type.Name.IndexOf('`', StringComparison.Ordinal)]}<{string.Join(", ", type.GetGenericArguments().Select(Display))}>"
        : type.Name;
}

/// <summary>Source-generated metadata with Web API defaults (camelCase, case-insensitive, enums as strings).</summary>
[JsonSourceGenerationOptions(JsonSerializerDefaults.Web, UseStringEnumConverter = true)]
[JsonSerializable(typeof(Person))]
[JsonSerializable(typeof(List<Person>))]
[JsonSerializable(typeof(User))]
[JsonSerializable(typeof(List<User>))]
[JsonSerializable(typeof(OfficeWorker))]
[JsonSerializable(typeof(List<OfficeWorker>))]
[JsonSerializable(typeof(SaveGame))]
[JsonSerializable(typeof(List<SaveGame>))]
internal sealed partial class WebJsonContext : JsonSerializerContext;

[JsonSerializable(typeof(Person))]
[JsonSerializable(typeof(List<Person>))]
[JsonSerializable(typeof(User))]
[JsonSerializable(typeof(List<User>))]
[JsonSerializable(typeof(OfficeWorker))]
[JsonSerializable(typeof(List<OfficeWorker>))]
[JsonSerializable(typeof(SaveGame))]
[JsonSerializable(typeof(List<SaveGame>))]
internal sealed partial class DefaultJsonContext : JsonSerializerContext;

/// <summary>Source-generated metadata with camelCase names and otherwise default settings.</summary>
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(Person))]
[JsonSerializable(typeof(List<Person>))]
[JsonSerializable(typeof(User))]
[JsonSerializable(typeof(List<User>))]
[JsonSerializable(typeof(OfficeWorker))]
[JsonSerializable(typeof(List<OfficeWorker>))]
[JsonSerializable(typeof(SaveGame))]
[JsonSerializable(typeof(List<SaveGame>))]
internal sealed partial class CamelCaseJsonContext : JsonSerializerContext;
