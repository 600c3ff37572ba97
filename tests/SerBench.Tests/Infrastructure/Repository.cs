namespace SerBench.Tests.Infrastructure;

/// <summary>The repository these tests were built from: the folder above the test assembly that holds SerBench.slnx.</summary>
internal static class Repository
{
    private static readonly Lazy<string> RootFolder = new(() => FindRoot(AppContext.BaseDirectory));

    public static string Root => RootFolder.Value;

    /// <summary>A path inside the repository, from its parts.</summary>
    public static string File(params string[] parts) => Path.Combine([Root, .. parts]);

    private static string FindRoot(string directory) =>
        System.IO.File.Exists(Path.Combine(directory, "SerBench.slnx")) ? directory
        : FindRoot(Path.GetDirectoryName(directory) ?? throw new InvalidOperationException("SerBench.slnx not found above " + AppContext.BaseDirectory));
}
