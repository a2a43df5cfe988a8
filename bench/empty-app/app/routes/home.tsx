export default function Home() {
  return <h1>Página vazia</h1>;
}
