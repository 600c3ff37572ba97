using SerBench.Core.Contenders;

namespace SerBench.Core.Measurement;

/// <summary>An identity operation called exactly as every serialize is: its mean is what a cell holds besides the library's work.</summary>
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
