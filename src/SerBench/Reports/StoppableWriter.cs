using System.Text;

namespace SerBench.Reports;

/// <summary>A writer that throws once <paramref name="stop"/> is cancelled: every exporter's rendering loop writes, so each iteration checks it.</summary>
internal sealed class StoppableWriter(TextWriter inner, CancellationToken stop) : TextWriter
{
    public override Encoding Encoding => inner.Encoding;

    public override IFormatProvider FormatProvider => inner.FormatProvider;

    public override void Write(char value)
    {
        stop.ThrowIfCancellationRequested();
        inner.Write(value);
    }

    public override void Write(char[] buffer, int index, int count)
    {
        stop.ThrowIfCancellationRequested();
        inner.Write(buffer, index, count);
    }

    public override void Write(ReadOnlySpan<char> buffer)
    {
        stop.ThrowIfCancellationRequested();
        inner.Write(buffer);
    }

    public override void Write(string? value)
    {
        stop.ThrowIfCancellationRequested();
        inner.Write(value);
    }

    public override void WriteLine(string? value)
    {
        stop.ThrowIfCancellationRequested();
        inner.WriteLine(value);
    }

    public override void Flush() => inner.Flush();

    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            inner.Dispose();
        }

        base.Dispose(disposing);
    }
}
