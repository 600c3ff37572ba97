using SerBench.Core.Contenders;

namespace SerBench.Core.Measurement;

/// <summary>
/// The calibration cell: an operation that does nothing but return its input, built and called exactly as every
/// contender's serialize is (a closure over the value, one virtual codec call, BenchmarkDotNet's loop). Its mean is
/// what a cell contains besides the library's own work.
/// </summary>
internal static class HarnessCalibration
{
    public const string Name = "harness calibration (returns its input)";

    public static Func<object?> CreateBody() => new EchoCodec().SerializeOne(new byte[16]);

    private sealed class EchoCodec : Codec<byte[], byte[]>
    {
        public override byte[] Serialize(byte[] value) => value;

        public override byte[] Deserialize(byte[] payload) => payload;
    }
}
