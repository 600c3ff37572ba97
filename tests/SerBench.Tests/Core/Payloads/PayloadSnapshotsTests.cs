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
        var kept = folder.File("person-7-25.tsv");
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
    [InlineData("")]
    [InlineData("not-a-guid\tA\tB\tA B\tab\ta@b.c\n")]
    [InlineData("5f0c4a5e-7a47-4a47-9a47-5f0c4a5e7a47\tA\tB\tA B\tab\ta@b.c\tone field too many\n")]
    public void Load_AFileThatIsNotTheSnapshot_IsGeneratedAndWrittenAgain(string content)
    {
        using var folder = new TempDirectory();
        File.WriteAllText(folder.File("user-3-10.tsv"), content);

        var users = PayloadSnapshots.Load(PayloadRegistry.User, 10, seed: 3, folder.Path);

        Assert.Null(ObjectComparer.FirstDifference(PayloadRegistry.User.Generate(10, seed: 3), users));
        Assert.NotEqual(content, File.ReadAllText(folder.File("user-3-10.tsv")));
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

    [Fact]
    public void Rows_GiveBackEveryValue_OfManyGeneratedObjects()
    {
        using var folder = new TempDirectory();

        var people = PayloadSnapshots.Load(PayloadRegistry.Person, 400, PayloadModel.DefaultSeed, folder.Path);
        var users = PayloadSnapshots.Load(PayloadRegistry.User, 400, PayloadModel.DefaultSeed, folder.Path);

        // Person holds quotes, \r\n, non-ASCII names, offsets and rounded doubles; the comparer checks offsets and doubles exactly.
        Assert.Null(ObjectComparer.FirstDifference(PayloadRegistry.Person.Generate(400), people));
        Assert.Null(ObjectComparer.FirstDifference(PayloadRegistry.User.Generate(400), users));
        Assert.Contains(people, p => p.About.EndsWith("\r\n", StringComparison.Ordinal));
    }

    [Fact]
    public void Rows_EscapeTabsAndLineBreaks_InText()
    {
        var person = PayloadRegistry.Person.Generate(1)[0];
        person.Name = "tab\there\nnew line\\ and \\t";
        var rows = PayloadRegistry.Person.Snapshot!;

        var line = SerBench.Core.Files.TabFields.Line(rows.Fields(person));
        var back = rows.Parse(SerBench.Core.Files.TabFields.Lines(line).Single());

        Assert.DoesNotContain('\n', line);
        Assert.Equal(person.Name, back.Name);
        Assert.Null(ObjectComparer.FirstDifference(person, back));
    }
}
