using Google.Protobuf;
using SerBench.Contenders.Protobuf.Messages;
using SerBench.Payloads;
using static SerBench.Contenders.Protobuf.ProtobufMapping;

namespace SerBench.Contenders.Protobuf;

/// <summary>Codecs per model and list: map to the generated message, <c>ToByteArray</c>; <c>Parser.ParseFrom</c>, map back.</summary>
internal static class ProtobufCodecs
{
    public static Codec<T> Create<T>() where T : class
    {
        object? codec = typeof(T) switch
        {
            var t when t == typeof(Person) => Codec<Person, PersonMessage>(ToMessage, PersonMessage.Parser, FromMessage),
            var t when t == typeof(List<Person>) => Codec<List<Person>, PersonList>(
                people => { var list = new PersonList(); list.Items.Add(people.Select(ToMessage)); return list; }, PersonList.Parser,
                list => [.. list.Items.Select(FromMessage)]),
            var t when t == typeof(User) => Codec<User, UserMessage>(ToMessage, UserMessage.Parser, FromMessage),
            var t when t == typeof(List<User>) => Codec<List<User>, UserList>(
                users => { var list = new UserList(); list.Items.Add(users.Select(ToMessage)); return list; }, UserList.Parser,
                list => [.. list.Items.Select(FromMessage)]),
            var t when t == typeof(OfficeWorker) => Codec<OfficeWorker, OfficeWorkerMessage>(ToMessage, OfficeWorkerMessage.Parser, FromMessage),
            var t when t == typeof(List<OfficeWorker>) => Codec<List<OfficeWorker>, OfficeWorkerList>(
                workers => { var list = new OfficeWorkerList(); list.Items.Add(workers.Select(ToMessage)); return list; }, OfficeWorkerList.Parser,
                list => [.. list.Items.Select(FromMessage)]),
            var t when t == typeof(SaveGame) => Codec<SaveGame, SaveGameMessage>(ToMessage, SaveGameMessage.Parser, FromMessage),
            var t when t == typeof(List<SaveGame>) => Codec<List<SaveGame>, SaveGameList>(
                games => { var list = new SaveGameList(); list.Items.Add(games.Select(ToMessage)); return list; }, SaveGameList.Parser,
                list => [.. list.Items.Select(FromMessage)]),
            _ => null,
        };
        return codec as Codec<T> ?? throw new NotSupportedException($"payloads.proto has no message for {typeof(T).Name}.");
    }

    private static DelegateCodec<T, byte[]> Codec<T, TMessage>(Func<T, TMessage> toMessage, MessageParser<TMessage> parser, Func<TMessage, T> fromMessage)
        where T : class where TMessage : IMessage<TMessage> =>
        new(value => toMessage(value).ToByteArray(), bytes => fromMessage(parser.ParseFrom(bytes)));
}
