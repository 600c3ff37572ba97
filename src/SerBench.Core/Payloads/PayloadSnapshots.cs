using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using SerBench.Core.Contenders;

namespace SerBench.Core.Payloads;

/// <summary>
/// A measuring agent's data, kept as JSON beside the agent (<c>agents/KEY/payloads</c>): Bogus' locales cost a process
/// 0.3–0.6 s, paid once per agent instead (docs/performance.md#the-method). Every measuring process, the one that
/// generated a snapshot included, measures objects read back from it, so no round times another allocation order.
/// </summary>
internal static class PayloadSnapshots
{
    // 10,000 Users are ~1.7 MB; a bigger file is not one this class wrote.
    private const long MaximumBytes = 64L * 1024 * 1024;

    /// <summary>Set by the agent's <c>Main</c> for its measuring modes only: a first call must time a process that ran no System.Text.Json.</summary>
    public static string? Folder { get; set; }

    /// <summary>The model's data as <see cref="PayloadModel{T}.Generate"/> gives it, read from or written to <paramref name="folder"/>.</summary>
    public static T[] Load<T>(PayloadModel<T> model, int count, int seed, string? folder)
        where T : class
    {
        if (folder is null || !model.KeptAsSnapshot || DefaultJsonContext.Default.GetTypeInfo(typeof(List<T>)) is not JsonTypeInfo<List<T>> typeInfo)
        {
            return model.Generate(count, seed);
        }

        var path = Path.Combine(folder, $"{model.Name}-{seed}-{count}.json");
        if (Read(path, typeInfo) is { Count: var read } kept && read == count)
        {
            return [.. kept];
        }

        var bytes = JsonSerializer.SerializeToUtf8Bytes(new List<T>(model.Generate(count, seed)), typeInfo);
        Write(path, bytes);
        return [.. JsonSerializer.Deserialize(bytes, typeInfo)!];
    }

    // Any file that does not parse is written again: it is a cache, never an input.
    private static List<T>? Read<T>(string path, JsonTypeInfo<List<T>> typeInfo)
    {
        try
        {
            return File.Exists(path) ? JsonSerializer.Deserialize(Files.InputFile.ReadAll(path, MaximumBytes, "a data snapshot"), typeInfo) : null;
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException or JsonException or NotSupportedException)
        {
            return null;
        }
    }

    // Written whole under a temporary name and renamed, so a run beside this one never reads half a file.
    private static void Write(string path, byte[] bytes)
    {
        var temporary = $"{path}.{Environment.ProcessId}.tmp";
        try
        {
            Directory.CreateDirectory(Path.GetDirectoryName(path)!);
            File.WriteAllBytes(temporary, bytes);
            File.Move(temporary, path, overwrite: true);
        }
        catch (Exception exception) when (exception is IOException or UnauthorizedAccessException)
        {
            // A read-only cache measures the same objects, only without the saving.
            if (File.Exists(temporary))
            {
                File.Delete(temporary);
            }
        }
    }
}
