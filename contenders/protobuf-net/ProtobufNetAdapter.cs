using System.Reflection;
using ProtoBuf;
using ProtoBuf.Meta;
using SerBench.Core.Contenders;
using SerBench.Core.Payloads;
using SerBench.Core.Packs;

namespace SerBench.Packs.ProtobufNet;

/// <summary>
/// protobuf-net with a runtime type model built once: the models carry no [ProtoContract] attributes (a partial declaration
/// cannot add them to members), so each model's public properties get field numbers 1, 2, … in declaration order.
/// Protocol buffers have no DateTimeOffset; a surrogate carries UTC ticks and the offset in minutes, as the Google.Protobuf pack does.
/// </summary>
[PackContender("protobuf-net")]
internal sealed class ProtobufNetAdapter : ContenderAdapter
{
    private static readonly Lazy<RuntimeTypeModel> Model = new(CreateModel);

    public override Assembly LibraryAssembly => typeof(RuntimeTypeModel).Assembly;

    public override Codec<T> CreateCodec<T>(JsonConventions conventions)
    {
        var model = Model.Value;
        return new DelegateCodec<T, byte[]>(
            value =>
            {
                using var stream = new MemoryStream();
                model.Serialize(stream, value);
                return stream.ToArray();
            },
            bytes => (T)model.Deserialize(new MemoryStream(bytes, writable: false), null, typeof(T))!);
    }

    /// <summary>Its stream API is synchronous: the call completes before the ValueTask is returned.</summary>
    public override StreamCodec<T> CreateStreamCodec<T>(JsonConventions conventions)
    {
        var model = Model.Value;
        return new DelegateStreamCodec<T>(
            (stream, value) =>
            {
                model.Serialize(stream, value);
                return ValueTask.CompletedTask;
            },
            stream => new ValueTask<T>((T)model.Deserialize(stream, null, typeof(T))!));
    }

#if NET10_0_OR_GREATER
    public override PipeCodec<T> CreatePipeCodec<T>(JsonConventions conventions)
    {
        var model = Model.Value;
        return new BufferWriterPipeCodec<T>((writer, value) => model.Serialize(writer, value), body => model.Deserialize<T>(body));
    }
#endif

    private static RuntimeTypeModel CreateModel()
    {
        var model = RuntimeTypeModel.Create("serbench");
        model.Add(typeof(DateTimeOffset), applyDefaultBehaviour: false).SetSurrogate(typeof(DateTimeOffsetSurrogate));
        foreach (var type in new[] { typeof(Friend), typeof(Person), typeof(User), typeof(OfficeWorker), typeof(SaveGame) })
        {
            var meta = model.Add(type, applyDefaultBehaviour: false);
            // User is a positional record without a parameterless constructor: protobuf-net sets its init-only properties.
            meta.UseConstructor = false;
            var field = 1;
            foreach (var property in type.GetProperties(BindingFlags.Public | BindingFlags.Instance).Where(p => p.CanWrite && p.GetIndexParameters().Length == 0)
                         .OrderBy(p => p.MetadataToken))
            {
                meta.Add(field++, property.Name);
            }
        }

        model.CompileInPlace();
        return model;
    }

    [ProtoContract]
    private sealed class DateTimeOffsetSurrogate
    {
        [ProtoMember(1)] public long UtcTicks { get; set; }

        [ProtoMember(2)] public int OffsetMinutes { get; set; }

        public static implicit operator DateTimeOffset(DateTimeOffsetSurrogate surrogate) =>
            new DateTimeOffset(surrogate.UtcTicks, TimeSpan.Zero).ToOffset(TimeSpan.FromMinutes(surrogate.OffsetMinutes));

        public static implicit operator DateTimeOffsetSurrogate(DateTimeOffset value) =>
            new() { UtcTicks = value.UtcTicks, OffsetMinutes = (int)value.Offset.TotalMinutes };
    }
}
