using SerBench.Core.Files;

namespace SerBench.Tests.Core.Files;

public sealed class InputFileTests : IDisposable
{
    private readonly TempDirectory _root = new();

    public void Dispose() => _root.Dispose();

    [Fact]
    public void ReadAll_RegularFileWithinTheLimit_ReturnsItsBytes()
    {
        File.WriteAllText(_root.File("a.json"), "[1,2]");
        Assert.Equal("[1,2]"u8.ToArray(), InputFile.ReadAll(_root.File("a.json"), 5, "one document"));
    }

    [Fact]
    public void ReadAll_FileLongerThanTheLimit_IsRefusedByItsLength()
    {
        File.WriteAllText(_root.File("a.json"), "[1,2,3]");
        var exception = Assert.Throws<InputFileException>(() => InputFile.ReadAll(_root.File("a.json"), 5, "one document"));
        Assert.Equal(InputFileProblem.TooBig, exception.Problem);
        Assert.Equal("is 7 bytes; SerBench reads at most 5 bytes as one document", exception.Message);
    }

    [Fact]
    public void ReadAll_FileThatReportsNoLength_IsStoppedByWhatIsRead()
    {
        // Files under /proc are regular files that report length 0, like a file growing while it is read.
        if (!File.Exists("/proc/self/status"))
        {
            return;
        }

        var exception = Assert.Throws<InputFileException>(() => InputFile.ReadAll("/proc/self/status", 10, "one document"));
        Assert.StartsWith("holds more than 10 bytes", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void ReadAll_Device_IsRefusedWithoutReading()
    {
        if (SpecialFiles.Device is not { } device)
        {
            return;
        }

        var exception = Assert.Throws<InputFileException>(() => InputFile.ReadAll(device, 1024, "one document"));
        Assert.Equal("is a device, not a regular file", exception.Message);
    }

    [Fact]
    public async Task ReadAll_Fifo_IsRefusedWithoutOpeningIt()
    {
        var fifo = _root.File("p.json");
        if (!SpecialFiles.TryMakeFifo(fifo))
        {
            return;
        }

        // Opening it would block until a writer came: the test would hang rather than fail.
        var read = Task.Run(() => Assert.Throws<InputFileException>(() => InputFile.ReadAll(fifo, 1024, "one document")));
        var exception = await read.WaitAsync(TimeSpan.FromSeconds(10));
        Assert.Equal("is a FIFO (named pipe), not a regular file", exception.Message);
    }

    [Theory]
    [InlineData(new byte[] { 0xFF, 0xFE, (byte)'[', 0, (byte)']', 0 }, "UTF-16 (little-endian)")]
    [InlineData(new byte[] { 0xFE, 0xFF, 0, (byte)'[', 0, (byte)']' }, "UTF-16 (big-endian)")]
    [InlineData(new byte[] { 0xFF, 0xFE, 0, 0, (byte)'[', 0, 0, 0 }, "UTF-32 (little-endian)")]
    [InlineData(new byte[] { 0, 0, 0xFE, 0xFF, 0, 0, 0, (byte)'[' }, "UTF-32 (big-endian)")]
    public void ReadJsonAndOpenJson_TextWithAnotherByteOrderMark_IsRefusedNamingItsEncoding(byte[] bytes, string encoding)
    {
        // PowerShell 5's `>` writes UTF-16 LE: System.Text.Json said only "'0xFF' is an invalid start of a value".
        File.WriteAllBytes(_root.File("a.json"), bytes);

        var read = Assert.Throws<InputFileException>(() => InputFile.ReadJson(_root.File("a.json"), 100, "one document"));
        var opened = Assert.Throws<InputFileException>(() => InputFile.OpenJson(_root.File("a.json"), 100, "one document").Dispose());

        Assert.Equal($"is {encoding} text; save it as UTF-8", read.Message);
        Assert.Equal((InputFileProblem.NotUtf8, read.Message), (opened.Problem, opened.Message));
    }

    [Fact]
    public void ReadJsonAndOpenJson_Utf8WithAByteOrderMark_StartAfterIt()
    {
        File.WriteAllBytes(_root.File("a.json"), [0xEF, 0xBB, 0xBF, (byte)'[', (byte)']']);

        using var stream = InputFile.OpenJson(_root.File("a.json"), 100, "one document");
        using var opened = new MemoryStream();
        stream.CopyTo(opened);

        Assert.Equal("[]"u8.ToArray(), InputFile.ReadJson(_root.File("a.json"), 100, "one document"));
        Assert.Equal("[]"u8.ToArray(), opened.ToArray());
    }

    [Fact]
    public void ReadAll_Utf16_IsReadAsBytes()
    {
        // Conformance documents are judged as they are, encoding included.
        File.WriteAllBytes(_root.File("a.json"), [0xFF, 0xFE, (byte)'1', 0]);

        Assert.Equal([0xFF, 0xFE, (byte)'1', 0], InputFile.ReadAll(_root.File("a.json"), 100, "one document"));
    }

    [Fact]
    public void OpenJson_Folder_IsRefused()
    {
        var exception = Assert.Throws<InputFileException>(() => InputFile.OpenJson(_root.Path, 10, "one document"));
        Assert.Equal("is a folder, not a regular file", exception.Message);
    }
}
