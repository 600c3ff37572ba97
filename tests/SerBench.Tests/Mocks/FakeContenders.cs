using System.Reflection;
using System.Text.Json;
using SerBench.Core.Contenders;
using SerBench.Core.Payloads;

namespace SerBench.Tests.Mocks;

/// <summary>Deliberately broken contenders that the correctness gate must catch.</summary>
internal static class FakeContenders
{
    /// <summary>Serializes with System.Text.Json, then loses a field on the way back.</summary>
    public static Contender DropsField() => new Fake("drops-field", new DelegateCodecFactory((value, options) => value, (value, options) =>
    {
        if (value is SaveGame game)
        {
            game.HighScore = 0;
        }

        return value;
    }));

    /// <summary>Throws on serialize.</summary>
    public static Contender Throws() => new Fake("throws", new DelegateCodecFactory(
        (_, _) => throw new InvalidOperationException("boom <script>alert(1)</script>"), (value, _) => value));

    /// <summary>Writes correctly, but its reader fails inside a type initializer, as Jil's does on .NET 9 and later.</summary>
    public static Contender ReaderCrashes() => new Fake("reader-crashes", new DelegateCodecFactory((value, _) => value, (_, _) =>
        throw new TypeInitializationException("Fake.Reader", new System.Reflection.AmbiguousMatchException("Ambiguous match found for 'FromSeconds'."))));

    /// <summary>
    /// Its first serialize in the process runs a static constructor that throws AmbiguousMatchException; later ones find the
    /// writer that constructor should have set still null, as Jil's lists of 100 after its list of 1.
    /// </summary>
    public static Contender TypeSetupFails(string name) => new TypeSetupFake(name);

    private sealed class TypeSetupFake(string name) : Contender(name, "Fake", PayloadFormat.Json, TextMode.Utf8, Generation.RuntimeIlEmit)
    {
        private int _calls;

        protected override Assembly? LibraryAssembly => null;

        public override Codec<T> CreateCodec<T>(JsonConventions conventions) => new DelegateCodec<T, byte[]>(
            value => Interlocked.Increment(ref _calls) == 1 ? WriterSetup.Run(value) : WriterCache.Write!(value),
            _ => throw new NotSupportedException("never reached: serialize fails first"));

        private static class WriterCache
        {
            public static Func<object, byte[]>? Write { get; set; }
        }

        private static class WriterSetup
        {
            // Never set: the constructor throws before, and the runtime does not run it again.
            private static readonly Func<object, byte[]> Emitted = Emit();

            public static byte[] Run(object value) => (WriterCache.Write = Emitted)(value);

            private static Func<object, byte[]> Emit() => throw new AmbiguousMatchException("Ambiguous match found for 'FromSeconds'.");
        }
    }

    /// <summary>Round-trips, but writes dates in another format than the reference document.</summary>
    public static Contender WritesDatesDifferently() => new DateFormatFake();

    /// <summary>Passes the gate, then throws once it has been called more than <paramref name="healthyCalls"/> times.</summary>
    public static Contender FailsUnderLoad(int healthyCalls) => new Fake("fails-under-load", new DelegateCodecFactory((value, _) => value, (value, _) => value), healthyCalls);

    /// <summary>Correct for its first <paramref name="healthyCalls"/> serializations, then writes <c>{}</c>, as a library wrong only once promoted would.</summary>
    public static Contender WritesEmptyAfter(int healthyCalls) => new Rewrites("empty-after", healthyCalls, _ => "{}"u8.ToArray());

    /// <summary>After its first <paramref name="healthyCalls"/> serializations, the same data in other bytes, as MemoryPack's padding once promoted.</summary>
    public static Contender PadsAfter(int healthyCalls) => new Rewrites("pads-after", healthyCalls, written => [.. written, (byte)' ']);

    private sealed class Rewrites(string name, int healthyCalls, Func<byte[], byte[]> rewrite)
        : Contender(name, "Fake", PayloadFormat.Json, TextMode.Utf8, Generation.Reflection)
    {
        protected override Assembly? LibraryAssembly => null;

        public override Codec<T> CreateCodec<T>(JsonConventions conventions)
        {
            var options = SystemTextJsonSettings.CreateOptions(conventions);
            var calls = 0;
            return new DelegateCodec<T, byte[]>(
                value => ++calls > healthyCalls ? rewrite(JsonSerializer.SerializeToUtf8Bytes(value, options)) : JsonSerializer.SerializeToUtf8Bytes(value, options),
                bytes => JsonSerializer.Deserialize<T>(bytes, options)!);
        }
    }

    /// <summary>
    /// A real contender whose every deserialized value is handed to <paramref name="corrupt"/> (with the number of the
    /// call, from 0) before the gate sees it: the gate must notice whatever <paramref name="corrupt"/> damages.
    /// </summary>
    public static Contender CorruptsAfterReading(Contender inner, Action<object, int> corrupt) => new Corrupting(inner, corrupt);

    private sealed class Corrupting(Contender inner, Action<object, int> corrupt)
        : Contender("corrupts-" + inner.Name, "Fake", inner.Format, inner.TextMode, inner.Generation)
    {
        protected override Assembly? LibraryAssembly => null;

        public override Codec<T> CreateCodec<T>(JsonConventions conventions)
        {
            var codec = inner.CreateCodec<T>(conventions);
            var calls = 0;
            return new DelegateCodec<T, object>(codec.SerializeUntyped, payload =>
            {
                var value = codec.DeserializeUntyped(payload);
                corrupt(value, calls++);
                return value;
            });
        }
    }

    private sealed class DelegateCodecFactory(Func<object, JsonSerializerOptions, object> afterWrite, Func<object, JsonSerializerOptions, object> afterRead)
    {
        public Codec<T> Create<T>(JsonConventions conventions, int healthyCalls) where T : class
        {
            var options = SystemTextJsonSettings.CreateOptions(conventions);
            var calls = 0;
            return new DelegateCodec<T, byte[]>(
                value =>
                {
                    if (++calls > healthyCalls)
                    {
                        throw new TimeoutException("gave up after " + healthyCalls + " calls");
                    }

                    return JsonSerializer.SerializeToUtf8Bytes((T)afterWrite(value, options), options);
                },
                bytes => (T)afterRead(JsonSerializer.Deserialize<T>(bytes, options)!, options));
        }
    }

    private sealed class Fake(string name, DelegateCodecFactory factory, int healthyCalls = int.MaxValue)
        : Contender(name, "Fake", PayloadFormat.Json, TextMode.Utf8, Generation.Reflection)
    {
        protected override Assembly? LibraryAssembly => null;

        public override Codec<T> CreateCodec<T>(JsonConventions conventions) => factory.Create<T>(conventions, healthyCalls);
    }

    /// <summary>Writes Person.registered as Unix seconds plus offset minutes: lossless, but not the reference document.</summary>
    private sealed class DateFormatFake() : Contender("dates-differ", "Fake", PayloadFormat.Json, TextMode.Utf8, Generation.HandWritten)
    {
        protected override Assembly? LibraryAssembly => null;

        public override Codec<T> CreateCodec<T>(JsonConventions conventions)
        {
            var options = new JsonSerializerOptions(SystemTextJsonSettings.CreateOptions(conventions));
            options.Converters.Add(new UnixDateConverter());
            return new DelegateCodec<T, byte[]>(value => JsonSerializer.SerializeToUtf8Bytes(value, options), bytes => JsonSerializer.Deserialize<T>(bytes, options)!);
        }

        private sealed class UnixDateConverter : System.Text.Json.Serialization.JsonConverter<DateTimeOffset>
        {
            public override DateTimeOffset Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
            {
                var parts = reader.GetString()!.Split('|');
                return DateTimeOffset.FromUnixTimeSeconds(long.Parse(parts[0], System.Globalization.CultureInfo.InvariantCulture))
                    .ToOffset(TimeSpan.FromMinutes(int.Parse(parts[1], System.Globalization.CultureInfo.InvariantCulture)));
            }

            public override void Write(Utf8JsonWriter writer, DateTimeOffset value, JsonSerializerOptions options) =>
                writer.WriteStringValue(string.Create(System.Globalization.CultureInfo.InvariantCulture, $"{value.ToUnixTimeSeconds()}|{(int)value.Offset.TotalMinutes}"));
        }
    }
}
