using SerBench.Core.Running;

namespace SerBench.Running;

/// <summary><c>--runtimes</c>: the names a user types, and whether this machine's SDK can build their agents.</summary>
internal static class RuntimesOption
{
    /// <summary>Any .NET from <see cref="RuntimeTarget.OldestMajor"/> on, so a new major needs no change here.</summary>
    public static RuntimeTarget Parse(string name) =>
        RuntimeTarget.TryParse(name.Trim().ToLowerInvariant()) is { Major: >= RuntimeTarget.OldestMajor } runtime ? runtime
        : throw new UsageException($"Unknown runtime '{name}'. Give .NET {RuntimeTarget.OldestMajor} or newer as netN.0, with -aot for Native AOT, e.g. net8.0, net10.0, net10.0-aot.");

    /// <summary>Before any agent is built; <paramref name="newestSdk"/> is null when unknown.</summary>
    public static void RequireSdkFor(IEnumerable<RuntimeTarget> runtimes, Version? newestSdk)
    {
        if (newestSdk is not null && runtimes.FirstOrDefault(r => !r.IsCurrent && r.Major > newestSdk.Major) is { } runtime)
        {
            throw new UsageException($"--runtimes {runtime.Name}: its agent needs the .NET {runtime.Major} SDK or newer, and the newest SDK installed is {newestSdk}; " +
                                     $"install the .NET {runtime.Major} SDK or leave {runtime.Name} out.");
        }
    }
}
