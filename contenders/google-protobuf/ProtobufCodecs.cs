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
    public static Codec<T> Create<T>() where T : class
    {
        object? codec = typeof(T) switch
        {
            var t when t == typeof(Person) => Codec(new ModelMapping<Person, PersonMessage>(ToMessage, FromMessage), PersonMessage.Parser),
            var t when t == typeof(List<Person>) => ListCodec<Person, PersonMessage, PersonList>(ToMessage, FromMessage, list => list.Items, PersonList.Parser),
            var t when t == typeof(User) => Codec(new ModelMapping<User, UserMessage>(ToMessage, FromMessage), UserMessage.Parser),
            var t when t == typeof(List<User>) => ListCodec<User, UserMessage, UserList>(ToMessage, FromMessage, list => list.Items, UserList.Parser),
            var t when t == typeof(OfficeWorker) => Codec(new ModelMapping<OfficeWorker, OfficeWorkerMessage>(ToMessage, FromMessage), OfficeWorkerMessage.Parser),
            var t when t == typeof(List<OfficeWorker>) => ListCodec<OfficeWorker, OfficeWorkerMessage, OfficeWorkerList>(ToMessage, FromMessage, list => list.Items, OfficeWorkerList.Parser),
            var t when t == typeof(SaveGame) => Codec(new ModelMapping<SaveGame, SaveGameMessage>(ToMessage, FromMessage), SaveGameMessage.Parser),
            var t when t == typeof(List<SaveGame>) => ListCodec<SaveGame, SaveGameMessage, SaveGameList>(ToMessage, FromMessage, list => list.Items, SaveGameList.Parser),
            _ => null,
        };
        return codec as Codec<T> ?? throw new NotSupportedException($"payloads.proto has no message for {typeof(T).Name}.");
    }

    /// <summary>A list of models travels as one wrapper message with a repeated field of item messages.</summary>
    private static MappedCodec<List<T>, TList, byte[]> ListCodec<T, TMessage, TList>(
        Func<T, TMessage> toMessage, Func<TMessage, T> fromMessage, Func<TList, RepeatedField<TMessage>> items, MessageParser<TList> parser)
        where T : class where TList : class, IMessage<TList>, new() =>
        Codec(
            new ModelMapping<List<T>, TList>(
                values =>
                {
                    var list = new TList();
                    items(list).Add(values.Select(toMessage));
                    return list;
                },
                list => [.. items(list).Select(fromMessage)]),
            parser);

    private static MappedCodec<T, TMessage, byte[]> Codec<T, TMessage>(ModelMapping<T, TMessage> mapping, MessageParser<TMessage> parser)
        where T : class where TMessage : class, IMessage<TMessage> =>
        new(mapping, message => message.ToByteArray(), parser.ParseFrom);
}
