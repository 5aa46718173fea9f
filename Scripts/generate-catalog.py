#!/usr/bin/env python3
"""Generates Data/products.json: about 10,000 e-commerce products that read like a real shop's.

Deterministic (fixed seed, no network): `python3 Scripts/generate-catalog.py > Data/products.json`.
Each product line is a brand x line with its variants (size, storage, colour, ...); popularity falls
off with the line's rank and the variant's position, and prices follow the line's price band.
"""
import json
import random
import sys

rng = random.Random(20261129)

# (category path, brand, line, base price, base popularity, variant axes, description phrase)
LINES = [
    ("Cell Phones > Smartphones", "Apple", "iPhone 15 Pro", 999, 1000, [["128GB", "256GB", "512GB", "1TB"], ["Natural Titanium", "Blue Titanium", "White Titanium", "Black Titanium"]], "titanium design, A17 Pro chip and a 48MP main camera"),
    ("Cell Phones > Smartphones", "Apple", "iPhone 15", 799, 950, [["128GB", "256GB", "512GB"], ["Black", "Blue", "Green", "Yellow", "Pink"]], "Dynamic Island, 48MP camera and USB-C"),
    ("Cell Phones > Smartphones", "Apple", "iPhone 14", 699, 700, [["128GB", "256GB"], ["Midnight", "Starlight", "Purple", "Red"]], "A15 Bionic chip and crash detection"),
    ("Cell Phones > Smartphones", "Apple", "iPhone 13", 599, 500, [["128GB", "256GB"], ["Midnight", "Pink", "Blue"]], "dual-camera system and all-day battery"),
    ("Cell Phones > Smartphones", "Samsung", "Galaxy S24 Ultra", 1299, 900, [["256GB", "512GB", "1TB"], ["Titanium Gray", "Titanium Black", "Titanium Violet"]], "built-in S Pen and 200MP camera"),
    ("Cell Phones > Smartphones", "Samsung", "Galaxy S24", 799, 800, [["128GB", "256GB"], ["Onyx Black", "Marble Gray", "Cobalt Violet", "Amber Yellow"]], "Galaxy AI and a bright 6.2-inch display"),
    ("Cell Phones > Smartphones", "Samsung", "Galaxy A54 5G", 449, 600, [["128GB", "256GB"], ["Awesome Black", "Awesome Violet", "Awesome Lime"]], "long-lasting battery and 50MP camera"),
    ("Cell Phones > Smartphones", "Samsung", "Galaxy Z Flip5", 999, 650, [["256GB", "512GB"], ["Mint", "Graphite", "Cream", "Lavender"]], "foldable design with a large Flex Window"),
    ("Cell Phones > Smartphones", "Google", "Pixel 8 Pro", 999, 640, [["128GB", "256GB", "512GB"], ["Obsidian", "Porcelain", "Bay"]], "Google Tensor G3 and the best Pixel camera"),
    ("Cell Phones > Smartphones", "Google", "Pixel 7a", 499, 520, [["128GB"], ["Charcoal", "Snow", "Sea", "Coral"]], "Tensor G2 with wireless charging"),
    ("Cell Phones > Smartphones", "Motorola", "moto g Power", 199, 300, [["64GB", "128GB"], ["Dark Pearl", "Glacier Blue"]], "three-day battery life"),
    ("Cell Phones > Smartphones", "OnePlus", "OnePlus 11 5G", 699, 280, [["128GB", "256GB"], ["Titan Black", "Eternal Green"]], "Hasselblad camera and 100W charging"),
    ("Cell Phones > Cell Phone Accessories > Cases", "OtterBox", "Defender Series Case for iPhone 15", 59, 420, [["Black", "Blue", "Pink", "Purple"]], "multi-layer drop protection"),
    ("Cell Phones > Cell Phone Accessories > Cases", "OtterBox", "Commuter Series Case for Galaxy S24", 49, 330, [["Black", "Blue", "Green"]], "slim protection that slips into pockets"),
    ("Cell Phones > Cell Phone Accessories > Cases", "Apple", "iPhone 15 Pro Silicone Case with MagSafe", 49, 450, [["Storm Blue", "Clay", "Light Pink", "Guava", "Black"]], "silky, soft-touch finish"),
    ("Cell Phones > Cell Phone Accessories > Cases", "Spigen", "Tough Armor Case for iPhone 14", 19, 310, [["Black", "Gunmetal", "Metal Slate"]], "dual-layer protection with kickstand"),
    ("Cell Phones > Cell Phone Accessories > Chargers", "Anker", "PowerPort III 65W USB-C Charger", 45, 380, [["1-Port", "2-Port", "3-Port"], ["Black", "White"]], "fast charging for phones and laptops"),
    ("Cell Phones > Cell Phone Accessories > Chargers", "Belkin", "BoostCharge Wireless Charging Pad", 29, 260, [["10W", "15W"], ["Black", "White"]], "Qi-certified wireless charging"),
    ("Cell Phones > Cell Phone Accessories > Screen Protectors", "ZAGG", "InvisibleShield Glass Elite Screen Protector", 39, 240, [["iPhone 15", "iPhone 15 Pro", "iPhone 14", "Galaxy S24", "Galaxy S23"]], "tempered glass with edge-to-edge coverage"),
    ("TV & Home Theater > TVs", "Samsung", "Crystal UHD 4K Smart TV", 299, 880, [["43\"", "50\"", "55\"", "65\"", "75\"", "85\""], ["CU7000", "CU8000"]], "Crystal Processor 4K and Tizen smart TV"),
    ("TV & Home Theater > TVs", "Samsung", "QLED 4K Q80C Smart TV", 899, 760, [["50\"", "55\"", "65\"", "75\"", "85\""]], "Quantum Dot color and Direct Full Array"),
    ("TV & Home Theater > TVs", "Samsung", "Neo QLED 8K Smart TV", 2999, 420, [["65\"", "75\"", "85\""], ["QN800C", "QN900C"]], "Neural Quantum Processor 8K"),
    ("TV & Home Theater > TVs", "Samsung", "The Frame QLED 4K TV", 999, 610, [["32\"", "43\"", "50\"", "55\"", "65\"", "75\""]], "Art Mode and a matte display"),
    ("TV & Home Theater > TVs", "LG", "OLED evo C3 4K Smart TV", 1399, 820, [["42\"", "48\"", "55\"", "65\"", "77\"", "83\""]], "self-lit OLED pixels and a9 AI Processor"),
    ("TV & Home Theater > TVs", "LG", "NanoCell 75 Series 4K Smart TV", 449, 500, [["43\"", "50\"", "55\"", "65\"", "75\""]], "NanoCell color with webOS"),
    ("TV & Home Theater > TVs", "Sony", "BRAVIA XR A80L OLED 4K TV", 1599, 560, [["55\"", "65\"", "77\"", "83\""]], "Cognitive Processor XR and Google TV"),
    ("TV & Home Theater > TVs", "Sony", "BRAVIA X80K 4K HDR LED TV", 599, 470, [["43\"", "50\"", "55\"", "65\"", "75\"", "85\""]], "4K HDR Processor X1 and Google TV"),
    ("TV & Home Theater > TVs", "TCL", "5-Series 4K QLED Roku TV", 399, 540, [["50\"", "55\"", "65\"", "75\""]], "Roku built in with Dolby Vision"),
    ("TV & Home Theater > TVs", "Hisense", "U8 Series Mini-LED 4K TV", 899, 430, [["55\"", "65\"", "75\"", "85\"", "100\""]], "Mini-LED backlight with 1500 nits"),
    ("TV & Home Theater > TVs", "Vizio", "V-Series 4K HDR Smart TV", 279, 380, [["43\"", "50\"", "55\"", "65\"", "70\"", "75\""]], "SmartCast with Apple AirPlay"),
    ("TV & Home Theater > Sound Bars", "Sonos", "Arc Soundbar", 899, 520, [["Black", "White"]], "Dolby Atmos sound for TV"),
    ("TV & Home Theater > Sound Bars", "Samsung", "HW-Q990C Soundbar", 1399, 360, [["Black"], ["with Subwoofer", "with Rear Speakers"]], "11.1.4 channels and Q-Symphony"),
    ("TV & Home Theater > TV Mounts", "Sanus", "Full-Motion TV Wall Mount", 129, 280, [["32\"-55\"", "42\"-90\""], ["Black", "Silver"]], "extends and tilts for the perfect view"),
    ("Computers & Tablets > Laptops > MacBooks", "Apple", "MacBook Air 13\" M2", 999, 900, [["8GB RAM", "16GB RAM", "24GB RAM"], ["256GB SSD", "512GB SSD", "1TB SSD"], ["Midnight", "Starlight", "Space Gray", "Silver"]], "fanless design with all-day battery life"),
    ("Computers & Tablets > Laptops > MacBooks", "Apple", "MacBook Air 15\" M3", 1299, 820, [["8GB RAM", "16GB RAM", "24GB RAM"], ["256GB SSD", "512GB SSD", "1TB SSD"], ["Midnight", "Starlight", "Space Gray", "Silver"]], "a big Liquid Retina display in a thin design"),
    ("Computers & Tablets > Laptops > MacBooks", "Apple", "MacBook Pro 14\" M3 Pro", 1999, 700, [["18GB RAM", "36GB RAM"], ["512GB SSD", "1TB SSD", "2TB SSD"], ["Space Black", "Silver"]], "Liquid Retina XDR display and pro performance"),
    ("Computers & Tablets > Laptops > MacBooks", "Apple", "MacBook Pro 16\" M3 Max", 3499, 480, [["36GB RAM", "48GB RAM", "128GB RAM"], ["1TB SSD", "2TB SSD", "4TB SSD"], ["Space Black", "Silver"]], "the most powerful MacBook Pro"),
    ("Computers & Tablets > Laptops > PC Laptops", "Dell", "XPS 13 Laptop", 999, 560, [["Intel Core i5", "Intel Core i7"], ["8GB RAM", "16GB RAM", "32GB RAM"], ["512GB SSD", "1TB SSD"], ["Platinum", "Graphite"]], "13.4-inch InfinityEdge display"),
    ("Computers & Tablets > Laptops > PC Laptops", "Dell", "Inspiron 15 Laptop", 549, 480, [["Intel Core i3", "Intel Core i5", "Intel Core i7", "AMD Ryzen 5", "AMD Ryzen 7"], ["8GB RAM", "16GB RAM"], ["256GB SSD", "512GB SSD", "1TB SSD"]], "everyday performance with a 15.6-inch screen"),
    ("Computers & Tablets > Laptops > PC Laptops", "HP", "Spectre x360 2-in-1 Laptop", 1399, 420, [["14\"", "16\""], ["Intel Core i7", "Intel Core Ultra 7"], ["16GB RAM", "32GB RAM"], ["Nightfall Black", "Nocturne Blue"]], "convertible OLED touch screen"),
    ("Computers & Tablets > Laptops > PC Laptops", "HP", "Pavilion 15 Laptop", 599, 460, [["Intel Core i5", "Intel Core i7", "AMD Ryzen 5", "AMD Ryzen 7"], ["8GB RAM", "16GB RAM"], ["512GB SSD", "1TB SSD"], ["Natural Silver", "Warm Gold", "Fog Blue"]], "a 15.6-inch laptop for work and play"),
    ("Computers & Tablets > Laptops > PC Laptops", "Lenovo", "ThinkPad X1 Carbon Gen 11", 1649, 400, [["Intel Core i5", "Intel Core i7"], ["16GB RAM", "32GB RAM", "64GB RAM"], ["512GB SSD", "1TB SSD", "2TB SSD"]], "ultralight business laptop"),
    ("Computers & Tablets > Laptops > PC Laptops", "Lenovo", "IdeaPad Slim 5 Laptop", 649, 440, [["14\"", "16\""], ["AMD Ryzen 5", "AMD Ryzen 7", "Intel Core i5", "Intel Core i7"], ["8GB RAM", "16GB RAM"], ["512GB SSD", "1TB SSD"]], "slim aluminum build with a full HD display"),
    ("Computers & Tablets > Laptops > Gaming Laptops", "ASUS", "ROG Strix G16 Gaming Laptop", 1499, 390, [["GeForce RTX 4060", "GeForce RTX 4070", "GeForce RTX 4080"], ["16GB RAM", "32GB RAM"], ["1TB SSD", "2TB SSD"]], "165Hz display and MUX switch"),
    ("Computers & Tablets > Laptops > PC Laptops", "ASUS", "Zenbook 14 OLED Laptop", 799, 350, [["Intel Core Ultra 5", "Intel Core Ultra 7", "AMD Ryzen 7"], ["16GB RAM", "32GB RAM"], ["512GB SSD", "1TB SSD"], ["Ponder Blue", "Jasper Gray"]], "a 3K OLED display in 1.2 kg"),
    ("Computers & Tablets > Tablets > iPad", "Apple", "iPad Air 11\" M2", 599, 720, [["128GB", "256GB", "512GB", "1TB"], ["Wi-Fi", "Wi-Fi + Cellular"], ["Space Gray", "Blue", "Purple", "Starlight"]], "M2 chip and Apple Pencil Pro support"),
    ("Computers & Tablets > Tablets > iPad", "Apple", "iPad 10.9\" (10th Generation)", 349, 760, [["64GB", "256GB"], ["Wi-Fi", "Wi-Fi + Cellular"], ["Blue", "Pink", "Yellow", "Silver"]], "all-screen design with USB-C"),
    ("Computers & Tablets > Tablets > iPad", "Apple", "iPad Pro 13\" M4", 1299, 600, [["256GB", "512GB", "1TB", "2TB"], ["Wi-Fi", "Wi-Fi + Cellular"], ["Space Black", "Silver"]], "Ultra Retina XDR tandem OLED display"),
    ("Computers & Tablets > Tablets > Android Tablets", "Samsung", "Galaxy Tab S9", 799, 480, [["128GB", "256GB", "512GB"], ["Graphite", "Beige"]], "Dynamic AMOLED 2X with S Pen included"),
    ("Computers & Tablets > Tablets > Android Tablets", "Amazon", "Fire HD 10 Tablet", 139, 520, [["32GB", "64GB"], ["Black", "Denim", "Lilac", "Olive"]], "a 10.1-inch 1080p display for reading and streaming"),
    ("Computers & Tablets > Computer Accessories > Mice", "Logitech", "MX Master 3S Wireless Mouse", 99, 480, [["Graphite", "Pale Gray", "Black"]], "quiet clicks and 8K DPI tracking"),
    ("Computers & Tablets > Computer Accessories > Keyboards", "Logitech", "MX Keys S Wireless Keyboard", 109, 400, [["Graphite", "Pale Gray"]], "smart illumination and low-profile keys"),
    ("Computers & Tablets > Computer Accessories > Laptop Bags & Cases", "Incase", "Icon Sleeve for MacBook", 59, 300, [["13\"", "14\"", "15\"", "16\""], ["Black", "Heather Gray"]], "protective sleeve with Woolenex"),
    ("Computers & Tablets > Monitors", "Dell", "UltraSharp 27 4K USB-C Hub Monitor", 579, 360, [["U2723QE", "U2724DE"]], "IPS Black technology for deeper contrast"),
    ("Computers & Tablets > Monitors", "Samsung", "Odyssey G7 Curved Gaming Monitor", 499, 330, [["27\"", "32\""], ["240Hz", "165Hz"]], "1000R curve and 1ms response time"),
    ("Appliances > Ranges, Cooktops & Ovens > Cooktops", "GE", "Electric Cooktop", 699, 520, [["30\"", "36\""], ["Black", "Stainless Steel"], ["4 Burners", "5 Burners"]], "radiant smoothtop with a power boil element"),
    ("Appliances > Ranges, Cooktops & Ovens > Cooktops", "GE Profile", "Induction Cooktop", 1899, 430, [["30\"", "36\""], ["Black", "Stainless Steel"]], "fast induction heating with Wi-Fi Connect"),
    ("Appliances > Ranges, Cooktops & Ovens > Cooktops", "Whirlpool", "Gas Cooktop with EZ-2-Lift Grates", 849, 450, [["30\"", "36\""], ["Stainless Steel", "Black"], ["4 Burners", "5 Burners"]], "sealed burners and hinged grates"),
    ("Appliances > Ranges, Cooktops & Ovens > Cooktops", "Frigidaire", "Gallery Induction Cooktop", 1499, 410, [["30\"", "36\""], ["Black", "Stainless Steel"]], "auto sizing pan detection"),
    ("Appliances > Ranges, Cooktops & Ovens > Cooktops", "Bosch", "800 Series Induction Cooktop", 2199, 360, [["30\"", "36\""], ["Black"]], "AutoChef and PerfectFry sensors"),
    ("Appliances > Ranges, Cooktops & Ovens > Cooktops", "KitchenAid", "Electric Downdraft Cooktop", 1799, 300, [["30\"", "36\""], ["Black", "Stainless Steel"]], "built-in downdraft ventilation"),
    ("Appliances > Ranges, Cooktops & Ovens > Cooktops", "Samsung", "Smart Induction Cooktop", 1499, 340, [["30\"", "36\""], ["Black"]], "Flex Zone and Wi-Fi connectivity"),
    ("Appliances > Ranges, Cooktops & Ovens > Ranges", "Samsung", "Freestanding Electric Range", 899, 480, [["30\""], ["Stainless Steel", "Black Stainless Steel", "White"], ["5.9 cu. ft.", "6.3 cu. ft."]], "air fry mode and convection"),
    ("Appliances > Ranges, Cooktops & Ovens > Ranges", "LG", "Smart Gas Range with InstaView", 1299, 420, [["30\""], ["PrintProof Stainless Steel", "Black Stainless Steel"], ["5.8 cu. ft.", "6.9 cu. ft."]], "knock twice to see inside"),
    ("Appliances > Ranges, Cooktops & Ovens > Wall Ovens", "Whirlpool", "Single Electric Wall Oven", 1599, 330, [["24\"", "27\"", "30\""], ["Stainless Steel", "Black", "White"]], "true convection cooking"),
    ("Appliances > Refrigerators", "Samsung", "Bespoke 4-Door Flex Refrigerator", 2999, 500, [["23 cu. ft.", "29 cu. ft."], ["White Glass", "Navy Steel", "Stainless Steel"]], "customizable panels and Beverage Center"),
    ("Appliances > Refrigerators", "LG", "French Door Refrigerator with Craft Ice", 2599, 470, [["26 cu. ft.", "28 cu. ft."], ["PrintProof Stainless Steel", "Black Stainless Steel"]], "slow-melting round ice"),
    ("Appliances > Refrigerators", "Whirlpool", "Top-Freezer Refrigerator", 849, 420, [["18 cu. ft.", "20 cu. ft.", "21 cu. ft."], ["White", "Black", "Fingerprint Resistant Stainless Steel"]], "adjustable glass shelves"),
    ("Appliances > Refrigerators", "Frigidaire", "Side-by-Side Refrigerator", 1199, 380, [["22 cu. ft.", "25.6 cu. ft."], ["Stainless Steel", "Black", "White"]], "external water and ice dispenser"),
    ("Appliances > Washers & Dryers", "LG", "Front Load Washer with TurboWash", 999, 460, [["4.5 cu. ft.", "5.0 cu. ft."], ["Graphite Steel", "White"]], "AI DD motion and steam"),
    ("Appliances > Washers & Dryers", "Samsung", "Smart Electric Dryer with Steam Sanitize+", 899, 410, [["7.4 cu. ft.", "7.5 cu. ft."], ["Champagne", "Brushed Black", "White"]], "Sensor Dry and wrinkle care"),
    ("Appliances > Washers & Dryers", "Maytag", "Top Load Washer with Extra Power", 849, 380, [["4.7 cu. ft.", "5.2 cu. ft."], ["White", "Metallic Slate"]], "deep water wash and stain boost"),
    ("Appliances > Dishwashers", "Bosch", "300 Series Dishwasher", 949, 450, [["24\""], ["Stainless Steel", "Black Stainless Steel", "White"], ["44 dBA", "46 dBA"]], "CrystalDry and a third rack"),
    ("Appliances > Dishwashers", "KitchenAid", "FreeFlex Third Rack Dishwasher", 1099, 360, [["24\""], ["PrintShield Stainless Steel", "Black Stainless Steel"]], "ProWash cycle and 39 dBA"),
    ("Appliances > Microwaves", "Panasonic", "Countertop Microwave with Inverter Technology", 179, 420, [["1.2 cu. ft.", "1.3 cu. ft.", "2.2 cu. ft."], ["Stainless Steel", "Black", "White"]], "even cooking and defrosting"),
    ("Appliances > Microwaves", "GE", "Over-the-Range Microwave", 389, 400, [["1.7 cu. ft.", "1.9 cu. ft.", "2.0 cu. ft."], ["Stainless Steel", "Black", "White", "Slate"]], "sensor cooking and a two-speed vent"),
    ("Appliances > Small Kitchen Appliances > Coffee Makers", "Keurig", "K-Elite Single Serve Coffee Maker", 189, 500, [["Brushed Silver", "Brushed Slate", "Brushed Gold"]], "strong brew and iced settings"),
    ("Appliances > Small Kitchen Appliances > Coffee Makers", "Nespresso", "Vertuo Next Coffee and Espresso Maker", 179, 460, [["Matte Black", "Light Grey", "Cherry Red"], ["with Aeroccino", "without Aeroccino"]], "Centrifusion brewing for coffee and espresso"),
    ("Appliances > Small Kitchen Appliances > Mixers", "KitchenAid", "Artisan Series 5 Quart Tilt-Head Stand Mixer", 449, 560, [["Empire Red", "Onyx Black", "Ice Blue", "Pistachio", "Matte Black", "Aqua Sky", "Contour Silver"]], "10 speeds and a 5-quart stainless bowl"),
    ("Appliances > Small Kitchen Appliances > Blenders", "Ninja", "Professional Plus Blender", 129, 420, [["BN701", "BN751", "BN801"], ["Black", "Grey"]], "Total Crushing blades and Auto-iQ"),
    ("Appliances > Small Kitchen Appliances > Pressure Cookers", "Instant Pot", "Duo 7-in-1 Electric Pressure Cooker", 99, 540, [["3 Quart", "6 Quart", "8 Quart"]], "pressure cook, slow cook, steam and saute"),
    ("Appliances > Small Kitchen Appliances > Air Fryers", "Ninja", "Foodi DualZone Air Fryer", 179, 480, [["8 Quart", "10 Quart"], ["Black", "Grey"]], "two independent baskets"),
    ("Video Games > Consoles > Nintendo Switch", "Nintendo", "Switch OLED Model", 349, 960, [["White Joy-Con", "Neon Red/Neon Blue Joy-Con", "Mario Red Edition", "Zelda Tears of the Kingdom Edition"]], "a vivid 7-inch OLED screen"),
    ("Video Games > Consoles > Nintendo Switch", "Nintendo", "Switch Lite", 199, 720, [["Turquoise", "Coral", "Yellow", "Gray", "Blue"]], "compact, lightweight handheld"),
    ("Video Games > Consoles > PlayStation 5", "Sony", "PlayStation 5 Console", 499, 940, [["Disc Edition", "Digital Edition"], ["Standard", "Slim", "Call of Duty Bundle", "Spider-Man 2 Bundle"]], "ultra-high speed SSD and ray tracing"),
    ("Video Games > Consoles > Xbox", "Microsoft", "Xbox Series X Console", 499, 800, [["1TB"], ["Standard", "Diablo IV Bundle", "Forza Horizon 5 Bundle"]], "true 4K gaming at up to 120 fps"),
    ("Video Games > Consoles > Xbox", "Microsoft", "Xbox Series S Console", 299, 700, [["512GB", "1TB"], ["Robot White", "Carbon Black"]], "next-gen performance in the smallest Xbox"),
    ("Video Games > Nintendo Switch Games", "Nintendo", "Mario Kart 8 Deluxe", 59, 800, [["Physical", "Digital Download"], ["Standard", "Booster Course Pass Bundle"]], "race with friends on 48 courses"),
    ("Video Games > Nintendo Switch Games", "Nintendo", "The Legend of Zelda: Tears of the Kingdom", 69, 780, [["Physical", "Digital Download"], ["Standard", "Collector's Edition"]], "an epic adventure across Hyrule"),
    ("Video Games > Nintendo Switch Games", "Nintendo", "Super Mario Bros. Wonder", 59, 700, [["Physical", "Digital Download"]], "a new side-scrolling Mario adventure"),
    ("Video Games > Nintendo Switch Games", "Nintendo", "Animal Crossing: New Horizons", 59, 640, [["Physical", "Digital Download"], ["Standard", "Happy Home Paradise Bundle"]], "build your island paradise"),
    ("Video Games > Nintendo Switch Games", "Nintendo", "Pokemon Scarlet", 59, 620, [["Physical", "Digital Download"], ["Standard", "Expansion Pass Bundle"]], "an open-world Pokemon adventure"),
    ("Video Games > Controllers", "Nintendo", "Switch Pro Controller", 69, 560, [["Black", "Splatoon 3 Edition", "Zelda Edition"]], "motion controls and HD rumble"),
    ("Video Games > Controllers", "Sony", "DualSense Wireless Controller", 69, 600, [["White", "Midnight Black", "Cosmic Red", "Starlight Blue", "Volcanic Red"]], "haptic feedback and adaptive triggers"),
    ("Video Games > Controllers", "Microsoft", "Xbox Wireless Controller", 59, 560, [["Carbon Black", "Robot White", "Shock Blue", "Pulse Red"]], "textured grips and a hybrid D-pad"),
    ("Audio > Headphones", "Sony", "WH-1000XM5 Wireless Noise Canceling Headphones", 399, 760, [["Black", "Silver", "Midnight Blue"]], "industry-leading noise canceling"),
    ("Audio > Headphones", "Bose", "QuietComfort Ultra Headphones", 429, 680, [["Black", "White Smoke", "Sandstone"]], "immersive audio and world-class quiet"),
    ("Audio > Headphones", "Apple", "AirPods Pro (2nd Generation)", 249, 900, [["USB-C", "Lightning"]], "active noise cancellation and adaptive audio"),
    ("Audio > Headphones", "Apple", "AirPods Max", 549, 560, [["Space Gray", "Silver", "Sky Blue", "Pink", "Green"]], "high-fidelity over-ear audio"),
    ("Audio > Headphones", "Beats", "Studio Pro Wireless Headphones", 349, 500, [["Black", "Navy", "Sandstone", "Deep Brown"]], "personalized spatial audio"),
    ("Audio > Headphones", "JBL", "Tune 510BT Wireless On-Ear Headphones", 49, 460, [["Black", "Blue", "White", "Rose"]], "JBL Pure Bass sound"),
    ("Audio > Speakers", "JBL", "Charge 5 Portable Bluetooth Speaker", 179, 560, [["Black", "Blue", "Red", "Teal", "Camo"]], "waterproof with a built-in power bank"),
    ("Audio > Speakers", "Sonos", "Era 100 Smart Speaker", 249, 440, [["Black", "White"]], "stereo sound and voice control"),
    ("Audio > Speakers", "Bose", "SoundLink Flex Bluetooth Speaker", 149, 420, [["Black", "Stone Blue", "White Smoke", "Cypress Green"]], "PositionIQ technology"),
    ("Cameras > Mirrorless Cameras", "Canon", "EOS R6 Mark II Mirrorless Camera", 2499, 400, [["Body Only", "with RF 24-105mm Lens", "with RF 24-105mm STM Lens"]], "24.2MP full-frame sensor"),
    ("Cameras > Mirrorless Cameras", "Sony", "Alpha 7 IV Mirrorless Camera", 2499, 420, [["Body Only", "with 28-70mm Lens"]], "33MP full-frame with real-time tracking"),
    ("Cameras > Mirrorless Cameras", "Nikon", "Z6 II Mirrorless Camera", 1999, 320, [["Body Only", "with 24-70mm f/4 Lens"]], "dual EXPEED 6 processors"),
    ("Cameras > Action Cameras", "GoPro", "HERO12 Black Action Camera", 399, 480, [["Standard", "Creator Edition", "Accessories Bundle"]], "HDR video and HyperSmooth 6.0"),
    ("Smart Home > Smart Speakers", "Amazon", "Echo Dot (5th Gen) Smart Speaker with Alexa", 49, 700, [["Charcoal", "Glacier White", "Deep Sea Blue"], ["Standard", "with Clock"]], "better sound and a temperature sensor"),
    ("Smart Home > Smart Speakers", "Google", "Nest Audio Smart Speaker", 99, 500, [["Chalk", "Charcoal", "Sage", "Sand", "Sky"]], "Google Assistant with rich sound"),
    ("Smart Home > Smart Thermostats", "Google", "Nest Learning Thermostat", 249, 520, [["Stainless Steel", "Copper", "Black", "White"], ["3rd Gen", "4th Gen"]], "learns your schedule and saves energy"),
    ("Smart Home > Video Doorbells", "Ring", "Video Doorbell Pro 2", 249, 500, [["Satin Nickel", "Venetian Bronze"], ["Hardwired", "Plug-In"]], "head-to-toe HD+ video and 3D motion detection"),
    ("Smart Home > Security Cameras", "Arlo", "Pro 5S 2K Security Camera", 249, 360, [["1-Camera", "2-Camera", "3-Camera", "4-Camera"], ["White", "Black"]], "color night vision and dual-band Wi-Fi"),
    ("Wearables > Smartwatches", "Apple", "Apple Watch Series 9", 399, 820, [["41mm", "45mm"], ["GPS", "GPS + Cellular"], ["Midnight Aluminum", "Starlight Aluminum", "Pink Aluminum", "Silver Aluminum", "(PRODUCT)RED Aluminum"]], "a brighter display and double tap"),
    ("Wearables > Smartwatches", "Samsung", "Galaxy Watch6", 299, 560, [["40mm", "44mm"], ["Bluetooth", "LTE"], ["Graphite", "Gold", "Silver"]], "advanced sleep coaching"),
    ("Wearables > Fitness Trackers", "Fitbit", "Charge 6 Fitness Tracker", 159, 480, [["Obsidian", "Porcelain", "Coral"]], "built-in GPS and heart rate on equipment"),
]

# Accessories made by accessory brands for the devices above: how a real shop's long tail looks.
DEVICES = ["iPhone 15 Pro Max", "iPhone 15 Pro", "iPhone 15", "iPhone 14", "iPhone 13", "Galaxy S24 Ultra",
           "Galaxy S24", "Galaxy S23", "Galaxy A54", "Pixel 8 Pro", "Pixel 8", "Pixel 7a", "iPad Air 11\"",
           "iPad Pro 13\"", "iPad 10.9\"", "Galaxy Tab S9", "MacBook Air 13\"", "MacBook Pro 14\"",
           "Nintendo Switch", "Nintendo Switch OLED", "Galaxy Z Flip5", "Galaxy Z Fold5", "Pixel Fold",
           "iPhone 12", "iPhone SE", "Galaxy S23 Ultra", "Galaxy A15", "moto g Power", "OnePlus 11",
           "Galaxy S23 FE", "iPad mini"]
ACCESSORIES = [
    ("Case", "Cell Phone Accessories > Cases", 29, ["OtterBox", "Spigen", "Case-Mate", "Speck", "Incipio", "Insignia", "Casetify"],
     ["Black", "Clear", "Blue", "Pink", "Purple", "Green", "Red"], "drop protection with raised edges"),
    ("Screen Protector", "Cell Phone Accessories > Screen Protectors", 24, ["ZAGG", "Belkin", "Insignia", "Spigen"],
     ["Tempered Glass", "Privacy Glass", "Anti-Glare Film", "Blue Light Filter"], "scratch and shatter protection"),
    ("Charging Cable", "Cell Phone Accessories > Cables", 19, ["Anker", "Belkin", "Insignia", "Apple"],
     ["3 ft", "6 ft", "10 ft"], "fast charging and data sync"),
    ("Wireless Charger", "Cell Phone Accessories > Chargers", 39, ["Anker", "Belkin", "mophie", "Insignia"],
     ["Stand", "Pad", "3-in-1 Station"], "charges through most cases"),
    ("Car Mount", "Cell Phone Accessories > Car Accessories", 25, ["iOttie", "Belkin", "Insignia"],
     ["Dashboard", "Vent", "CD Slot"], "one-hand mounting on the road"),
]

ADJECTIVES = ["", " - Open Box", " - Refurbished"]

for kind, category, price, brands, variants, phrase in ACCESSORIES:
    for brand in brands:
        for d, device in enumerate(DEVICES):
            LINES.append(("Cell Phones > " + category if "Nintendo" not in device else "Video Games > Accessories", brand,
                          f"{kind} for {device}", price + (d % 4) * 5, 160 - d * 5, [variants], phrase))

products = []
seen = set()
main_lines = len(LINES) - sum(len(a[3]) * len(DEVICES) for a in ACCESSORIES)
for rank, (category, brand, line, price, popularity, axes, phrase) in enumerate(LINES):
    combos = [[]]
    for axis in axes:
        combos = [c + [v] for c in combos for v in axis]
    for k, combo in enumerate(combos):
        for condition in ADJECTIVES:
            if condition and rng.random() < (0.05 if rank < main_lines else 0.25):
                continue
            variant = " - ".join(combo)
            name = f"{brand} - {line}" + (f" - {variant}" if variant else "") + condition
            if brand.lower() in line.lower().split()[0:1] or line.startswith(brand):
                name = line + (f" - {variant}" if variant else "") + condition
            if name in seen:
                continue
            seen.add(name)
            variant_price = price * (1 + 0.18 * sum(axis.index(v) for axis, v in zip(axes, combo)))
            if condition == " - Open Box":
                variant_price *= 0.85
            if condition == " - Refurbished":
                variant_price *= 0.7
            pop = int(popularity * 10 / (1 + 0.4 * k) * (0.35 if condition else 1.0) * rng.uniform(0.8, 1.2))
            description = (
                f"{brand} {line}{(' in ' + ', '.join(combo)) if combo else ''}: {phrase}."
                + (" Inspected and certified." if condition else "")
            )
            products.append({
                "name": name,
                "brand": brand,
                "category": category,
                "price": round(variant_price - 0.01, 2),
                "popularity": max(pop, 1),
                "description": description,
            })

rng.shuffle(products)
products = products[:10000]
for i, p in enumerate(products):
    p["objectID"] = f"sku-{100000 + i}"
    # attributes in a reading order
    products[i] = {k: p[k] for k in ["objectID", "name", "brand", "category", "price", "popularity", "description"]}

sys.stdout.write("[\n" + ",\n".join(json.dumps(p, ensure_ascii=False) for p in products) + "\n]\n")
print(len(products), file=sys.stderr)
