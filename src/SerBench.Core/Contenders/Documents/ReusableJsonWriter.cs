using System.Buffers;
using System.Text.Json;

namespace SerBench.Core.Contenders.Documents;

/// <summary>A buffer kept between calls, as a server writing many documents has: writers are measured, not buffer growth.</summary>
internal sealed class ReusableJsonWriter
{
    private readonly ArrayBufferWriter<byte> _buffer = new();
    private readonly Utf8JsonWriter _writer;

    public ReusableJsonWriter() => _writer = new Utf8JsonWriter(_buffer);

    public byte[] Write<TState>(TState state, Action<Utf8JsonWriter, TState> write)
    {
        _buffer.ResetWrittenCount();
        _writer.Reset();
        write(_writer, state);
        _writer.Flush();
        return _buffer.WrittenSpan.ToArray();
    }
}
