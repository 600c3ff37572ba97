using Google.Protobuf;
using Google.Protobuf.Collections;
using SerBench.Contenders;
using SerBench.Packs.GoogleProtobuf.Messages;
using SerBench.Payloads;
using static SerBench.Packs.GoogleProtobuf.ProtobufMapping;

namespace SerBench.Packs.GoogleProtobuf;

/// <summary>Codecs per model and list: map to the generated message, <c>ToByteArray</c>; <c>Parser.ParseFrom</c>, map back.</summary>
internal static class ProtobufCodecs
{
    public static Codec<T> Create<T>() where T : class
    {
        object? codec = typeof(T) switch
        {
            var t when t == typeof(Person) => Codec<Person, PersonMessage>(ToMessage, PersonMessage.Parser, FromMessage),
            var t when t == typeof(List<Person>) => ListCodec<Person, PersonMessage, PersonList>(ToMessage, FromMessage, list => list.Items, PersonList.Parser),
            var t when t == typeof(User) => Codec<User, UserMessage>(ToMessage, UserMessage.Parser, FromMessage),
            var t when t == typeof(List<User>) => ListCodec<User, UserMessage, UserList>(ToMessage, FromMessage, list => list.Items, UserList.Parser),
            var t when t == typeof(OfficeWorker) => Codec<OfficeWorker, OfficeWorkerMessage>(ToMessage, OfficeWorkerMessage.Parser, FromMessage),
            var t when t == typeof(List<OfficeWorker>) => ListCodec<OfficeWorker, OfficeWorkerMessage, OfficeWorkerList>(ToMessage, FromMessage, list => list.Items, OfficeWorkerList.Parser),
            var t when t == typeof(SaveGame) => Codec<SaveGame, SaveGameMessage>(ToMessage, SaveGameMessage.Parser, FromMessage),
            var t when t == typeof(List<SaveGame>) => ListCodec<SaveGame, SaveGameMessage, SaveGameList>(ToMessage, FromMessage, list => list.Items, SaveGameList.Parser),
            _ => null,
        };
        return codec as Codec<T> ?? throw new NotSupportedException($"payloads.proto has no message for {typeof(T).Name}.");
    }

    /// <summary>A list of models travels as one wrapper message with a repeated field of item messages.</summary>
    private static DelegateCodec<List<T>, byte[]> ListCodec<T, TMessage, TList>(
        Func<T, TMessage> toMessage, Func<TMessage, T> fromMessage, Func<TList, RepeatedField<TMessage>> items, MessageParser<TList> parser)
        where T : class where TList : IMessage<TList>, new() =>
        Codec<List<T>, TList>(
            values =>
            {
                var list = new TList();
                items(list).Add(values.Select(toMessage));
                return list;
            },
            parser,
            list => [.. items(list).Select(fromMessage)]);

    private static DelegateCodec<T, byte[]> Codec<T, TMessage>(Func<T, TMessage> toMessage, MessageParser<TMessage> parser, Func<TMessage, T> fromMessage)
        where T : class where TMessage : IMessage<TMessage> =>
        new(value => toMessage(value).ToByteArray(), bytes => fromMessage(parser.ParseFrom(bytes)));
}
