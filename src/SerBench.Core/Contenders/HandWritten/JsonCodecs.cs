using SerBench.Core.Payloads;

namespace SerBench.Core.Contenders.HandWritten;

internal static class JsonCodecs
{
    public static Codec<T> Create<T>(JsonConventions conventions) where T : class
    {
        object? codec = typeof(T) switch
        {
            var t when t == typeof(SaveGame) => new HandWrittenJsonCodec<SaveGame, SaveGameJsonLayout>(conventions),
            var t when t == typeof(List<SaveGame>) => new HandWrittenJsonCodec<List<SaveGame>, ListJsonLayout<SaveGame, SaveGameJsonLayout>>(conventions),
            var t when t == typeof(OfficeWorker) => new HandWrittenJsonCodec<OfficeWorker, OfficeWorkerJsonLayout>(conventions),
            var t when t == typeof(List<OfficeWorker>) => new HandWrittenJsonCodec<List<OfficeWorker>, ListJsonLayout<OfficeWorker, OfficeWorkerJsonLayout>>(conventions),
            var t when t == typeof(User) => new HandWrittenJsonCodec<User, UserJsonLayout>(conventions),
            var t when t == typeof(List<User>) => new HandWrittenJsonCodec<List<User>, ListJsonLayout<User, UserJsonLayout>>(conventions),
            var t when t == typeof(Person) => new HandWrittenJsonCodec<Person, PersonJsonLayout>(conventions),
            var t when t == typeof(List<Person>) => new HandWrittenJsonCodec<List<Person>, ListJsonLayout<Person, PersonJsonLayout>>(conventions),
            _ => null,
        };
        return codec as Codec<T> ?? throw new NotSupportedException($"No hand-written Utf8JsonWriter/Reader code exists for {typeof(T).Name}.");
    }
}
