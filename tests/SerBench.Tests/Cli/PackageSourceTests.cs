namespace SerBench.Tests.Cli;

/// <summary>A relative --package-source from a current directory whose path MSBuild would interpret (issue 35, item 12).</summary>
[Collection(SerialCollection.Name)]
public sealed class PackageSourceTests
{
    [Fact]
    public void RelativeSource_InAFolderWithMSBuildCharacters_IsRefusedInOneLine_Exit2()
    {
        using var root = new TempDirectory();
        var hostile = Directory.CreateDirectory(Path.Combine(root.Path, "x;y$(MSBuildProjectName)")).FullName;
        Directory.CreateDirectory(Path.Combine(hostile, "feed"));
        var current = Directory.GetCurrentDirectory();
        Directory.SetCurrentDirectory(hostile);
        try
        {
            var (exitCode, _, error) = CliTester.Run("list", "--package-source", "feed");

            Assert.Equal(2, exitCode);
            Assert.Single(error.Trim().Split('\n'));
            Assert.StartsWith("serbench: --package-source 'feed' is the folder '", error, StringComparison.Ordinal);
            Assert.Contains("Move the .nupkg files to a folder without them.", error, StringComparison.Ordinal);
        }
        finally
        {
            Directory.SetCurrentDirectory(current);
        }
    }
}
