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
        Assert.True(exception.TooBig);
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

    [Fact]
    public void Open_Folder_IsRefused()
    {
        var exception = Assert.Throws<InputFileException>(() => InputFile.Open(_root.Path, 10, "one document"));
        Assert.Equal("is a folder, not a regular file", exception.Message);
    }
}
