-- The ethereum-lists fields that a chain JSON in that schema needs and the directory otherwise lacks (chain code,
-- network id, faucets), as data/chains.json carries them: the Connect snippets' chain JSON (contract/snippets.ts).
-- Null for chains no source describes. A fresh database gets them from the seed; this fills databases seeded before.
-- (Long literals are split in adjacent string constants, which PostgreSQL joins.)
ALTER TABLE chains ADD COLUMN ethereum_lists jsonb;

UPDATE chains c SET ethereum_lists = v.facts::jsonb
FROM (VALUES
  ('ethereum', '{"chain":"ETH","networkId":1,"faucets":[]}'),
  ('bnb-smart-chain', '{"chain":"BSC","networkId":56,"faucets":[]}'),
  ('polygon', '{"chain":"Polygon","networkId":137,"faucets":[]}'),
  ('base', '{"chain":"ETH","networkId":8453,"faucets":[]}'),
  ('op-mainnet', '{"chain":"ETH","networkId":10,"faucets":[]}'),
  ('arbitrum-one', '{"chain":"ETH","networkId":42161,"faucets":[]}'),
  ('evmos', '{"chain":"Evmos","networkId":9001,"faucets":[]}'),
  ('avalanche-c-chain', '{"chain":"AVAX","networkId":43114,"faucets":[]}'),
  ('fantom-opera', '{"chain":"FTM","networkId":250,"faucets":[]}'),
  ('blast', '{"chain":"ETH","networkId":81457,"faucets":[]}'),
  ('moonbeam', '{"chain":"MOON","networkId":1284,"faucets":[]}'),
  ('gnosis', '{"chain":"GNO","networkId":100,"faucets":["https://gnosisfaucet.com","'
    'https://stakely.io/faucet/gnosis-chain-xdai","https://faucet.prussia.d'
    'ev/xdai"]}'),
  ('pulsechain', '{"chain":"PLS","networkId":369,"faucets":[]}'),
  ('data-network', '{"chain":"DATA","networkId":1514,"faucets":[]}'),
  ('mantle', '{"chain":"ETH","networkId":5000,"faucets":[]}'),
  ('cronos', '{"chain":"CRO","networkId":25,"faucets":[]}'),
  ('scroll', '{"chain":"ETH","networkId":534352,"faucets":[]}'),
  ('moonriver', '{"chain":"MOON","networkId":1285,"faucets":[]}'),
  ('zksync', '{"chain":"ETH","networkId":324,"faucets":[]}'),
  ('kava', '{"chain":"KAVA","networkId":2222,"faucets":[]}'),
  ('sonic', '{"chain":"sonic","networkId":146,"faucets":[]}'),
  ('taiko', '{"chain":"ETH","networkId":167000,"faucets":[]}'),
  ('xdc-network', '{"chain":"XDC","networkId":50,"faucets":[]}'),
  ('unichain', '{"chain":"ETH","networkId":130,"faucets":[]}'),
  ('opbnb', '{"chain":"opBNB","networkId":204,"faucets":[]}'),
  ('linea', '{"chain":"ETH","networkId":59144,"faucets":[]}'),
  ('berachain', '{"chain":"Berachain","networkId":80094,"faucets":[]}'),
  ('coti', '{"chain":"COTI","networkId":2632500,"faucets":[]}'),
  ('manta-pacific', '{"chain":"Manta Pacific","networkId":169,"faucets":[]}'),
  ('astar', '{"chain":"ASTR","networkId":592,"faucets":[]}'),
  ('kaia', '{"chain":"KAIA","networkId":8217,"faucets":[]}'),
  ('arbitrum-nova', '{"chain":"ETH","networkId":42170,"faucets":[]}'),
  ('monad', '{"chain":"MON","networkId":143,"faucets":[]}'),
  ('metis-andromeda', '{"chain":"ETH","networkId":1088,"faucets":[]}'),
  ('dymension', '{"chain":"Dymension","networkId":1100,"faucets":[]}'),
  ('harmony-mainnet-shard-0', '{"chain":"Harmony","networkId":1666600000,"faucets":[]}'),
  ('fuse', '{"chain":"FUSE","networkId":122,"faucets":[]}'),
  ('celo', '{"chain":"CELO","networkId":42220,"faucets":[]}'),
  ('ecrox-chain', '{"chain":"Ecrox Chain","networkId":988207,"faucets":[]}'),
  ('x-layer', '{"chain":"X Layer","networkId":196,"faucets":[]}'),
  ('boba-network', '{"chain":"ETH","networkId":288,"faucets":[]}'),
  ('filecoin', '{"chain":"FIL","networkId":314,"faucets":[]}'),
  ('polygon-zkevm', '{"chain":"Polygon","networkId":1101,"faucets":[]}'),
  ('sei-network', '{"chain":"Sei","networkId":1329,"faucets":[]}'),
  ('ink', '{"chain":"ETH","networkId":57073,"faucets":["https://inkonchain.com/fa'
    'ucet"]}'),
  ('fraxtal', '{"chain":"FRAX","networkId":252,"faucets":[]}'),
  ('robinhood-chain', '{"chain":"ETH","networkId":4663,"faucets":[]}'),
  ('iotex-network', '{"chain":"iotex.io","networkId":4689,"faucets":[]}'),
  ('bahamut', '{"chain":"Bahamut","networkId":5165,"faucets":[]}'),
  ('canto', '{"chain":"Canto","networkId":7700,"faucets":[]}'),
  ('haqq-network', '{"chain":"Haqq","networkId":11235,"faucets":[]}'),
  ('bitgert', '{"chain":"Brise","networkId":32520,"faucets":[]}'),
  ('elastos-smart-chain', '{"chain":"ETH","networkId":20,"faucets":[]}'),
  ('genesis-l1', '{"chain":"genesis","networkId":29,"faucets":[]}'),
  ('shiden', '{"chain":"SDN","networkId":336,"faucets":[]}'),
  ('world-chain', '{"chain":"ETH","networkId":480,"faucets":[]}'),
  ('core-blockchain', '{"chain":"Core","networkId":1116,"faucets":[]}'),
  ('dogechain', '{"chain":"DC","networkId":2000,"faucets":[]}'),
  ('merlin', '{"chain":"Merlin","networkId":4200,"faucets":[]}'),
  ('zetachain', '{"chain":"ZetaChain","networkId":7000,"faucets":[]}'),
  ('mode', '{"chain":"ETH","networkId":34443,"faucets":[]}'),
  ('bob', '{"chain":"ETH","networkId":60808,"faucets":[]}'),
  ('quarkblockchain', '{"chain":"QKI","networkId":20181205,"faucets":[]}'),
  ('rootstock', '{"chain":"Rootstock","networkId":30,"faucets":[]}'),
  ('telos-evm', '{"chain":"TLOS","networkId":40,"faucets":[]}'),
  ('ethereum-classic', '{"chain":"ETC","networkId":1,"faucets":[]}'),
  ('lisk', '{"chain":"ETH","networkId":1135,"faucets":[]}'),
  ('aia', '{"chain":"AIA","networkId":1319,"faucets":[]}'),
  ('soneium', '{"chain":"ETH","networkId":1868,"faucets":[]}'),
  ('edgeware-edgeevm', '{"chain":"EDG","networkId":2021,"faucets":[]}'),
  ('atleta-network', '{"chain":"Atleta","networkId":2440,"faucets":[]}'),
  ('plasma', '{"chain":"Plasma","networkId":9745,"faucets":[]}'),
  ('zircuit', '{"chain":"Zircuit Mainnet","networkId":48900,"faucets":[]}'),
  ('boba-bnb', '{"chain":"Boba BNB Mainnet","networkId":56288,"faucets":[]}'),
  ('tron', '{"chain":"TRON","networkId":728126428,"faucets":[]}'),
  ('aurora', '{"chain":"NEAR","networkId":1313161554,"faucets":[]}'),
  ('coinex-smart-chain', '{"chain":"CSC","networkId":52,"faucets":[]}'),
  ('okxchain', '{"chain":"okxchain","networkId":66,"faucets":[]}'),
  ('b2-mainnet', '{"chain":"B2","networkId":223,"faucets":[]}'),
  ('lens', '{"chain":"Lens","networkId":232,"faucets":[]}'),
  ('kcc', '{"chain":"KCC","networkId":321,"faucets":[]}'),
  ('rollux', '{"chain":"SYS","networkId":570,"faucets":["https://rollux.id/faucet"]}'),
  ('lycan-chain', '{"chain":"LYC","networkId":721,"faucets":[]}'),
  ('soma-network', '{"chain":"SOMA","networkId":2332,"faucets":["https://airdrop.somanetwo'
    'rk.io"]}'),
  ('abstract', '{"chain":"Abstract","networkId":2741,"faucets":[]}'),
  ('morph', '{"chain":"ETH","networkId":2818,"faucets":[]}'),
  ('icb-network', '{"chain":"ICB","networkId":73115,"faucets":[]}'),
  ('re-al', '{"chain":"re.al","networkId":111188,"faucets":[]}'),
  ('songbird-canary-network', '{"chain":"SGB","networkId":19,"faucets":[]}'),
  ('lukso', '{"chain":"LUKSO","networkId":42,"faucets":[]}'),
  ('syscoin', '{"chain":"SYS","networkId":57,"faucets":["https://faucet.syscoin.org"]'
    '}'),
  ('ontology', '{"chain":"Ontology","networkId":58,"faucets":[]}'),
  ('huobi-eco-chain', '{"chain":"Heco","networkId":128,"faucets":[]}'),
  ('kroma', '{"chain":"ETH","networkId":255,"faucets":[]}'),
  ('cronos-zkevm', '{"chain":"CronosZkEVMMainnet","networkId":388,"faucets":[]}'),
  ('wemix3-0', '{"chain":"WEMIX","networkId":1111,"faucets":[]}'),
  ('ronin', '{"chain":"ronin","networkId":2020,"faucets":[]}'),
  ('goat-network', '{"chain":"GOAT","networkId":2345,"faucets":[]}'),
  ('megaeth', '{"chain":"MegaETH","networkId":4326,"faucets":[]}'),
  ('iota-evm', '{"chain":"IOTA EVM","networkId":8822,"faucets":[]}'),
  ('smart-bitcoin-cash', '{"chain":"smartBCH","networkId":10000,"faucets":[]}'),
  ('immutable-zkevm', '{"chain":"Immutable zkEVM","networkId":13371,"faucets":["https://docs.'
    'immutable.com/docs/zkEVM/guides/faucet"]}'),
  ('mintme-com-coin', '{"chain":"MINTME","networkId":37480,"faucets":[]}'),
  ('apechain', '{"chain":"apechain","networkId":33139,"faucets":[]}'),
  ('aleph-zero-evm', '{"chain":"Aleph Zero EVM","networkId":41455,"faucets":[]}'),
  ('nv-chain', '{"chain":"NVC","networkId":73790,"faucets":["https://faucet.neurovatic'
    '.ai"]}'),
  ('chiliz-chain', '{"chain":"CHZ","networkId":88888,"faucets":["https://spicy-faucet.chil'
    'iz.com","https://tatum.io/faucets/chiliz"]}'),
  ('katana', '{"chain":"katana","networkId":747474,"faucets":[]}'),
  ('zora', '{"chain":"ETH","networkId":7777777,"faucets":[]}'),
  ('neon-evm', '{"chain":"Solana","networkId":245022934,"faucets":[]}'),
  ('ethereum-sepolia', '{"chain":"ETH","networkId":11155111,"faucets":["http://fauceth.komputi'
    'ng.org?chain=11155111&address=${ADDRESS}"]}'),
  ('evmos-testnet', '{"chain":"Evmos","networkId":9000,"faucets":["https://faucet.evmos.dev'
    '"]}'),
  ('bnb-smart-chain-testnet', '{"chain":"BSC","networkId":97,"faucets":["https://testnet.bnbchain.org'
    '/faucet-smart"]}'),
  ('story-odyssey-testnet', '{"chain":"Story Odyssey Testnet","networkId":1516,"faucets":[]}'),
  ('amoy', '{"chain":"Polygon","networkId":80002,"faucets":["https://faucet.polygo'
    'n.technology/"]}'),
  ('data-network-aeneid-testnet', '{"chain":"DATA","networkId":1315,"faucets":[]}'),
  ('avalanche-fuji-testnet', '{"chain":"AVAX","networkId":1,"faucets":["https://faucet.avax-test.net'
    'work/"]}'),
  ('scroll-sepolia-testnet', '{"chain":"ETH","networkId":534351,"faucets":[]}'),
  ('base-sepolia-testnet', '{"chain":"ETH","networkId":84532,"faucets":[]}'),
  ('story-testnet', '{"chain":"Story Testnet","networkId":1513,"faucets":["https://faucet.s'
    'tory.foundation"]}'),
  ('fantom-testnet', '{"chain":"FTM","networkId":4002,"faucets":["https://faucet.fantom.netw'
    'ork"]}'),
  ('arbitrum-sepolia', '{"chain":"ETH","networkId":421614,"faucets":[]}'),
  ('op-sepolia-testnet', '{"chain":"ETH","networkId":11155420,"faucets":["https://app.optimism.i'
    'o/faucet"]}'),
  ('moonbase-alpha', '{"chain":"MOON","networkId":1287,"faucets":["https://faucet.moonbeam.n'
    'etwork/"]}'),
  ('monad-testnet', '{"chain":"MON","networkId":10143,"faucets":[]}'),
  ('holesky', '{"chain":"ETH","networkId":17000,"faucets":["https://faucet.holesky.et'
    'hpandaops.io","https://holesky-faucet.pk910.de"]}'),
  ('unichain-sepolia-testnet', '{"chain":"ETH","networkId":1301,"faucets":[]}'),
  ('pulsechain-testnet-v4', '{"chain":"t4PLS","networkId":943,"faucets":["https://faucet.v4.testnet'
    '.pulsechain.com/"]}'),
  ('kaia-kairos-testnet', '{"chain":"KAIA","networkId":1001,"faucets":["https://faucet.kaia.io"]}'),
  ('world-chain-sepolia-testnet', '{"chain":"ETH","networkId":4801,"faucets":["https://www.alchemy.com/fa'
    'ucets/world-chain-sepolia","https://console.optimism.io/faucet"]}'),
  ('manta-pacific-sepolia-testnet', '{"chain":"Manta Pacific","networkId":3441006,"faucets":[]}'),
  ('xdc-apothem-network', '{"chain":"XDC","networkId":51,"faucets":["https://faucet.apothem.netwo'
    'rk","https://faucet.blocksscan.io","https://apothem.xdcscan.io/faucet"'
    ']}'),
  ('sei-testnet', '{"chain":"Sei","networkId":1328,"faucets":["https://atlantic-2.app.sei'
    '.io/faucet"]}'),
  ('kava-testnet', '{"chain":"KAVA","networkId":2221,"faucets":["https://faucet.kava.io"]}'),
  ('zetachain-testnet', '{"chain":"ZetaChain","networkId":7001,"faucets":["https://zetachain.co'
    'm/docs/reference/faucet"]}'),
  ('gnosis-chiado-testnet', '{"chain":"GNO","networkId":10200,"faucets":["https://gnosisfaucet.com"'
    ']}'),
  ('curtis', '{"chain":"Curtis","networkId":33111,"faucets":["https://curtis.hub.cal'
    'dera.xyz"]}'),
  ('linea-sepolia', '{"chain":"ETH","networkId":59141,"faucets":[]}'),
  ('ethereum-hoodi', '{"chain":"ETH","networkId":560048,"faucets":["https://faucet.hoodi.eth'
    'pandaops.io","https://hoodi-faucet.pk910.de/"]}')
) AS v(slug, facts)
WHERE c.slug = v.slug;
