namespace SerBench.Tests.Snapshots;

/// <summary>
/// Compares text with a file beside this one (tests/SerBench.Tests/Snapshots/NAME). On a difference the test fails
/// naming the first line that differs, and writes what it got beside the file as NAME.received to diff against.
/// After a deliberate change to the output, rewrite the files with:
/// <code>SERBENCH_UPDATE_SNAPSHOTS=1 dotnet test --filter Snapshot</code>
/// and read the diff (git diff tests/SerBench.Tests/Snapshots) before committing it.
/// </summary>
internal static class Snapshot
{
    public const string UpdateVariable = "SERBENCH_UPDATE_SNAPSHOTS";

    public static void Match(string name, string actual)
    {
        var path = Repository.File("tests", "SerBench.Tests", "Snapshots", name);
        actual = actual.ReplaceLineEndings("\n");
        if (Environment.GetEnvironmentVariable(UpdateVariable) == "1")
        {
            File.WriteAllText(path, actual);
            File.Delete(path + ".received");
            return;
        }

        var expected = File.Exists(path) ? File.ReadAllText(path).ReplaceLineEndings("\n") : null;
        if (expected == actual)
        {
            File.Delete(path + ".received");
            return;
        }

        File.WriteAllText(path + ".received", actual);
        Assert.Fail(expected is null
            ? $"No snapshot {path} yet; wrote {name}.received beside it. To accept it: {UpdateVariable}=1 dotnet test --filter Snapshot"
            : $"{name} differs from its snapshot at {FirstDifference(expected, actual)}; got {path}.received. " +
              $"If the change is meant: {UpdateVariable}=1 dotnet test --filter Snapshot, then review git diff.");
    }

    private static string FirstDifference(string expected, string actual)
    {
        var (a, b) = (expected.Split('\n'), actual.Split('\n'));
        for (var i = 0; i < Math.Max(a.Length, b.Length); i++)
        {
            var (left, right) = (i < a.Length ? a[i] : "(end of file)", i < b.Length ? b[i] : "(end of file)");
            if (left != right)
            {
                return $"line {i + 1}:\n  expected: {left}\n  actual:   {right}\n";
            }
        }

        return "the end of the file";
    }
}
