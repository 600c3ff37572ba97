using SerBench.Core.Payloads;
using SerBench.Core.Verification;
using SerBench.Tests.Infrastructure;

namespace SerBench.Tests.Core.Payloads;

public class PayloadSnapshotsTests
{
    [Fact]
    public void Load_GivesTheGeneratedData_AndKeepsItForTheNextProcess()
    {
        using var folder = new TempDirectory();

        var first = PayloadSnapshots.Load(PayloadRegistry.Person, 25, seed: 7, folder.Path);
        var kept = folder.File("person-7-25.json");
        var written = File.GetLastWriteTimeUtc(kept);
        var second = PayloadSnapshots.Load(PayloadRegistry.Person, 25, seed: 7, folder.Path);

        Assert.Null(ObjectComparer.FirstDifference(PayloadRegistry.Person.Generate(25, seed: 7), first));
        Assert.Null(ObjectComparer.FirstDifference(first, second));
        Assert.NotSame(first[0], second[0]);
        Assert.Equal(written, File.GetLastWriteTimeUtc(kept));
        Assert.Single(Directory.EnumerateFiles(folder.Path));
    }

    [Theory]
    [InlineData("[{\"Name\":")]
    [InlineData("[]")]
    [InlineData("\"not a list\"")]
    public void Load_AFileThatIsNotTheSnapshot_IsGeneratedAndWrittenAgain(string content)
    {
        using var folder = new TempDirectory();
        File.WriteAllText(folder.File("user-3-10.json"), content);

        var users = PayloadSnapshots.Load(PayloadRegistry.User, 10, seed: 3, folder.Path);

        Assert.Null(ObjectComparer.FirstDifference(PayloadRegistry.User.Generate(10, seed: 3), users));
        Assert.NotEqual(content, File.ReadAllText(folder.File("user-3-10.json")));
    }

    [Fact]
    public void Load_WithoutAFolder_OrForAModelNotKept_WritesNothing()
    {
        using var folder = new TempDirectory();

        var workers = PayloadSnapshots.Load(PayloadRegistry.OfficeWorker, 5, PayloadModel.DefaultSeed, folder.Path);
        var people = PayloadSnapshots.Load(PayloadRegistry.Person, 5, PayloadModel.DefaultSeed, folder: null);

        Assert.Null(ObjectComparer.FirstDifference(PayloadRegistry.OfficeWorker.Generate(5), workers));
        Assert.Null(ObjectComparer.FirstDifference(PayloadRegistry.Person.Generate(5), people));
        Assert.Empty(Directory.EnumerateFileSystemEntries(folder.Path));
    }
}
