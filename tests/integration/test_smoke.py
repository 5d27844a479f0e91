from core.testing import ClientFactory


async def test_healthz_per_tenant_and_unknown_host(clients: ClientFactory) -> None:
    for tenant in ("rcadealer", "assicurapp"):
        response = await clients(tenant).get("/healthz")
        assert response.status_code == 200
        assert response.json() == {"status": "ok"}
    response = await clients("evil.example").get("/healthz")
    assert response.status_code == 404
    assert response.json()["error"]["message"] == "Sito non trovato"
