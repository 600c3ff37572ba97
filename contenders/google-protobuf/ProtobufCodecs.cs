using Google.Protobuf;
using Google.Protobuf.Collections;
using SerBench.Core.Contenders;
using SerBench.Core.Payloads;
using SerBench.Packs.GoogleProtobuf.Messages;
using static SerBench.Packs.GoogleProtobuf.ProtobufMapping;

namespace SerBench.Packs.GoogleProtobuf;

/// <summary>
/// Codecs per model and list over the generated messages: <c>ToByteArray</c> and <c>Parser.ParseFrom</c>. The messages
/// are the pack's own model (<see cref="MappedCodec{T, TOwn, TPayload}"/>): the copy from the payload model is made
/// before timing, as for an application whose models are the generated classes.
/// </summary>
internal static class ProtobufCodecs
{
    public static Codec<T> Create<T>() where T : class => Of<T, Codec<T>>(new Buffered());

    /// <summary><c>WriteTo(Stream)</c> and <c>Parser.ParseFrom(Stream)</c>, over the same messages (the library's calls are synchronous).</summary>
    public static StreamCodec<T> CreateStream<T>() where T : class => Of<T, StreamCodec<T>>(new Streamed());

    private static TCodec Of<T, TCodec>(IMessageCodecs codecs) where T : class where TCodec : class
    {
        object? codec = typeof(T) switch
        {
            var t when t == typeof(Person) => codecs.For(new ModelMapping<Person, PersonMessage>(ToMessage, FromMessage), PersonMessage.Parser),
            var t when t == typeof(List<Person>) => codecs.For(ListMapping<Person, PersonMessage, PersonList>(ToMessage, FromMessage, list => list.Items), PersonList.Parser),
            var t when t == typeof(User) => codecs.For(new ModelMapping<User, UserMessage>(ToMessage, FromMessage), UserMessage.Parser),
            var t when t == typeof(List<User>) => codecs.For(ListMapping<User, UserMessage, UserList>(ToMessage, FromMessage, list => list.Items), UserList.Parser),
            var t when t == typeof(OfficeWorker) => codecs.For(new ModelMapping<OfficeWorker, OfficeWorkerMessage>(ToMessage, FromMessage), OfficeWorkerMessage.Parser),
            var t when t == typeof(List<OfficeWorker>) => codecs.For(ListMapping<OfficeWorker, OfficeWorkerMessage, OfficeWorkerList>(ToMessage, FromMessage, list => list.Items), OfficeWorkerList.Parser),
            var t when t == typeof(SaveGame) => codecs.For(new ModelMapping<SaveGame, SaveGameMessage>(ToMessage, FromMessage), SaveGameMessage.Parser),
            var t when t == typeof(List<SaveGame>) => codecs.For(ListMapping<SaveGame, SaveGameMessage, SaveGameList>(ToMessage, FromMessage, list => list.Items), SaveGameList.Parser),
            _ => null,
        };
        return codec as TCodec ?? throw new NotSupportedException($"payloads.proto has no message for {typeof(T).Name}.");
    }

    /// <summary>A list of models travels as one wrapper message with a repeated field of item messages.</summary>
    private static ModelMapping<List<T>, TList> ListMapping<T, TMessage, TList>(Func<T, TMessage> toMessage, Func<TMessage, T> fromMessage, Func<TList, RepeatedField<TMessage>> items)
        where T : class where TList : class, IMessage<TList>, new() =>
        new(values =>
            {
                var list = new TList();
                items(list).Add(values.Select(toMessage));
                return list;
            },
            list => [.. items(list).Select(fromMessage)]);

    // One codec kind per implementation: the type switch above is written once for all of them.
    private interface IMessageCodecs
    {
        object For<T, TMessage>(ModelMapping<T, TMessage> mapping, MessageParser<TMessage> parser) where T : class where TMessage : class, IMessage<TMessage>;
    }

    private sealed class Buffered : IMessageCodecs
    {
        public object For<T, TMessage>(ModelMapping<T, TMessage> mapping, MessageParser<TMessage> parser) where T : class where TMessage : class, IMessage<TMessage> =>
            new MappedCodec<T, TMessage, byte[]>(mapping, message => message.ToByteArray(), parser.ParseFrom);
    }

    private sealed class Streamed : IMessageCodecs
    {
        public object For<T, TMessage>(ModelMapping<T, TMessage> mapping, MessageParser<TMessage> parser) where T : class where TMessage : class, IMessage<TMessage> =>
            new MappedStreamCodec<T, TMessage>(mapping,
                (stream, message) =>
                {
                    message.WriteTo(stream);
                    return ValueTask.CompletedTask;
                },
                stream => ValueTask.FromResult(parser.ParseFrom(stream)));
    }
}
